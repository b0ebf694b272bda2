import {
  ActionIcon,
  ColorInput,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type {
  WorkflowEditorOptions,
  WorkflowFieldMode,
  WorkflowPlace,
} from '@optika/domain/elements/workflow'
import { errorAt, type DraftErrors } from '../model/definition-draft.ts'
import { PlaceBadge } from './place-badge.tsx'

const SWATCHES = ['#868e96', '#1c7ed6', '#f08c00', '#2f9e44', '#7048e8', '#e03131', '#0c8599']

interface PlaceFieldsProps {
  index: number
  count: number
  place: WorkflowPlace
  /** The object fields of the supported classes (for the field rules). */
  fields: WorkflowEditorOptions['objectClasses'][number]['fields']
  errors: DraftErrors
  onRename: (name: string) => void
  onChange: (place: WorkflowPlace) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}

/** One place: its name, label, colour, description and which fields it makes read-only or hides. */
export function PlaceFields({
  index,
  count,
  place,
  fields,
  errors,
  onRename,
  onChange,
  onMove,
  onRemove,
}: PlaceFieldsProps) {
  const { t } = useTranslation()
  const path = `places.${index}`
  const at = (field: string) => errorAt(errors, `${path}.${field}`)
  const title = place.label === '' ? place.name : place.label
  const fieldData = fields.map((field) => ({
    value: field.name,
    label:
      field.title === '' || field.title === field.name
        ? field.name
        : `${field.title} (${field.name})`,
  }))
  const withMode = (mode: WorkflowFieldMode) =>
    place.fieldRules.filter((rule) => rule.mode === mode).map((rule) => rule.field)
  const setMode = (mode: WorkflowFieldMode, names: string[]) => {
    // A field is either read-only or hidden: choosing it for one mode takes it from the other.
    const others = place.fieldRules.filter(
      (rule) => rule.mode !== mode && !names.includes(rule.field),
    )
    onChange({ ...place, fieldRules: [...others, ...names.map((field) => ({ field, mode }))] })
  }
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      component="section"
      aria-label={t('workflow.screen.place.region', { name: title === '' ? index + 1 : title })}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <PlaceBadge place={{ label: title === '' ? '—' : title, color: place.color }} />
            <Text size="xs" c="dimmed">
              {t('workflow.screen.place.position', { position: index + 1, count })}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              aria-label={t('workflow.screen.moveUp', { name: title })}
              onClick={() => onMove(-1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              aria-label={t('workflow.screen.moveDown', { name: title })}
              onClick={() => onMove(1)}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={count === 1}
              aria-label={t('workflow.screen.remove', { name: title })}
              onClick={onRemove}
            >
              ✕
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('workflow.screen.field.name')}
            required
            maxLength={64}
            value={place.name}
            onChange={(event) => onRename(event.currentTarget.value)}
            error={at('name')}
          />
          <TextInput
            label={t('workflow.screen.field.label')}
            required
            maxLength={120}
            value={place.label}
            onChange={(event) => onChange({ ...place, label: event.currentTarget.value })}
            error={at('label')}
          />
          <ColorInput
            label={t('workflow.screen.place.color')}
            format="hex"
            swatches={SWATCHES}
            value={place.color}
            onChange={(color) => onChange({ ...place, color })}
            error={at('color')}
          />
        </SimpleGrid>
        <Textarea
          label={t('workflow.screen.place.description')}
          autosize
          minRows={1}
          maxLength={500}
          value={place.description}
          onChange={(event) => onChange({ ...place, description: event.currentTarget.value })}
          error={at('description')}
        />
        {fields.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={t('workflow.screen.place.readOnlyFields')}
              description={t('workflow.screen.place.readOnlyHelp')}
              data={fieldData}
              searchable
              value={withMode('readOnly')}
              onChange={(names) => setMode('readOnly', names)}
              error={at('fieldRules')}
            />
            <MultiSelect
              label={t('workflow.screen.place.hiddenFields')}
              description={t('workflow.screen.place.hiddenHelp')}
              data={fieldData}
              searchable
              value={withMode('hidden')}
              onChange={(names) => setMode('hidden', names)}
            />
          </SimpleGrid>
        ) : (
          <Text size="xs" c="dimmed">
            {t('workflow.screen.place.noFields')}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
