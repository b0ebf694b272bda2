import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue, useHotkeys } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useBlocker } from 'react-router'
import type {
  WorkflowDefinition,
  WorkflowEditorOptions,
  WorkflowGlobalAction,
  WorkflowTransition,
} from '@optika/domain/elements/workflow'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { useRequestError } from '../../../../lib/form-errors.ts'
import {
  definitionErrorsOf,
  useSaveWorkflowDefinition,
  validateWorkflowDefinition,
} from '../api/workflow-api.ts'
import {
  draftOf,
  emptyDraft,
  errorAt,
  errorCountBelow,
  moveItem,
  newGlobalAction,
  newPlace,
  newTransition,
  removePlace,
  renamePlace,
  withType,
  type DraftErrors,
  type WorkflowDraft,
} from '../model/definition-draft.ts'
import { typeKeyOf } from '../model/definition-draft.ts'
import { ActionFields } from './action-fields.tsx'
import { DefinitionGraphPreview } from './definition-graph-preview.tsx'
import { PlaceBadge } from './place-badge.tsx'
import { PlaceFields } from './place-fields.tsx'
import { PlacesPicker } from './places-picker.tsx'
import { useDataText } from './use-data-text.ts'

const TABS = ['general', 'places', 'transitions', 'globalActions'] as const
type EditorTab = (typeof TABS)[number]
/** The draft's error paths each tab holds. */
const TAB_PREFIXES: Record<EditorTab, readonly string[]> = {
  general: ['name', 'label', 'type', 'enabled', 'priority', 'supports', 'initialPlaces', ''],
  places: ['places'],
  transitions: ['transitions'],
  globalActions: ['globalActions'],
}

interface DefinitionEditorProps {
  definition: WorkflowDefinition | null
  options: WorkflowEditorOptions
  onSaved: (definition: WorkflowDefinition, created: boolean) => void
}

/**
 * Edits one workflow definition: general settings and supported types, places, transitions and
 * global actions in tabs, the server's drawing beside them. Problems the server finds (at save,
 * and as you type once you have saved or checked) show at the field they concern.
 */
export function DefinitionEditor({ definition, options, onSaved }: DefinitionEditorProps) {
  const { t } = useTranslation()
  const dataText = useDataText()
  const requestError = useRequestError()
  const [draft, setDraft] = useState<WorkflowDraft>(() =>
    definition === null ? emptyDraft() : draftOf(definition),
  )
  const [baseline, setBaseline] = useState(() => JSON.stringify(draft))
  const [tab, setTab] = useState<EditorTab>('general')
  const [errors, setErrors] = useState<DraftErrors>({})
  const [checked, setChecked] = useState(false)
  const [checkNotice, setCheckNotice] = useState('')
  const [checkFailed, setCheckFailed] = useState<unknown>(null)
  const save = useSaveWorkflowDefinition()
  const dirty = JSON.stringify(draft) !== baseline

  // Once checked or saved, every change is checked again (debounced) so errors go as you fix them.
  const [settled] = useDebouncedValue(draft, 500)
  useEffect(() => {
    if (!checked) return
    let live = true
    validateWorkflowDefinition(settled, definition?.id ?? null).then(
      (result) => {
        if (live) setErrors(result.errors)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [settled, checked, definition?.id])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(t('workflow.screen.leaveConfirm'))) blocker.proceed()
    else blocker.reset()
  }, [blocker, t])

  function saveDraft() {
    if (save.isPending) return
    setCheckNotice('')
    setChecked(true)
    save.mutate(
      { id: definition?.id ?? null, input: draft },
      {
        onSuccess: (saved) => {
          setErrors({})
          const next = draftOf(saved)
          setDraft(next)
          setBaseline(JSON.stringify(next))
          onSaved(saved, definition === null)
        },
        onError: (error) => {
          const found = definitionErrorsOf(error)
          setErrors(found)
          const first = TABS.find((name) => tabErrorCount(found, name) > 0)
          if (first) setTab(first)
        },
      },
    )
  }
  async function check() {
    setChecked(true)
    setCheckFailed(null)
    try {
      const result = await validateWorkflowDefinition(draft, definition?.id ?? null)
      setErrors(result.errors)
      setCheckNotice(result.valid ? t('workflow.screen.checkPassed') : '')
    } catch (error) {
      setCheckFailed(error)
    }
  }
  useHotkeys([['mod+S', saveDraft]], [], true)

  const update = (patch: Partial<WorkflowDraft>) =>
    setDraft((current) => ({ ...current, ...patch }))
  const title =
    definition === null
      ? t('workflow.screen.newTitle')
      : t('workflow.screen.editTitle', { name: dataText(definition.label) })
  const classFields = options.objectClasses
    .filter((entry) => draft.supports.objectClasses.includes(entry.name))
    .flatMap((entry) => entry.fields)
    .filter((field, index, all) => all.findIndex((other) => other.name === field.name) === index)
  const errorCount = Object.keys(errors).length
  const single = draft.type === 'state_machine'

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/workflows" size="sm">
        ← {t('workflow.screen.backToList')}
      </Anchor>
      <ScreenHeader title={title} description={t('admin.screen.workflows.description')} />
      <Group gap="xs" role="toolbar" aria-label={t('workflow.screen.toolbar')}>
        <Button onClick={saveDraft} loading={save.isPending}>
          {t('workflow.screen.save')}
        </Button>
        <Button variant="default" onClick={() => void check()}>
          {t('workflow.screen.check')}
        </Button>
        {dirty && (
          <Badge color="orange" variant="dot">
            {t('workflow.screen.unsaved')}
          </Badge>
        )}
      </Group>
      <div role="status">
        {checkNotice !== '' && errorCount === 0 && (
          <Alert
            color="green"
            withCloseButton
            closeButtonLabel={t('workflow.panel.dialog.close')}
            onClose={() => setCheckNotice('')}
          >
            {checkNotice}
          </Alert>
        )}
        {save.isSuccess && !dirty && <Alert color="green">{t('workflow.screen.saved')}</Alert>}
      </div>
      {(save.isError || errorCount > 0 || checkFailed !== null) && (
        <Alert
          color="red"
          role="alert"
          title={t('workflow.screen.problems', { count: errorCount })}
        >
          {requestError(save.error ?? checkFailed) ?? t('workflow.screen.problemsHelp')}
          {errors[''] !== undefined && <Text size="sm">{errors['']}</Text>}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Tabs value={tab} onChange={(value) => setTab((value as EditorTab | null) ?? 'general')}>
            <Tabs.List>
              {TABS.map((name) => {
                const count = tabErrorCount(errors, name)
                return (
                  <Tabs.Tab
                    key={name}
                    value={name}
                    rightSection={
                      count > 0 ? (
                        <Badge
                          size="xs"
                          color="red"
                          circle
                          aria-label={t('workflow.screen.tabProblems', { count })}
                        >
                          {count}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {t(`workflow.screen.tab.${name}`)}
                  </Tabs.Tab>
                )
              })}
            </Tabs.List>

            <Tabs.Panel value="general" pt="md">
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('workflow.screen.field.name')}
                    description={
                      definition === null
                        ? t('workflow.screen.field.nameHelp')
                        : t('workflow.screen.field.nameFixed')
                    }
                    required
                    readOnly={definition !== null}
                    maxLength={64}
                    value={draft.name}
                    onChange={(event) => update({ name: event.currentTarget.value })}
                    error={errorAt(errors, 'name')}
                  />
                  <TextInput
                    label={t('workflow.screen.field.label')}
                    required
                    maxLength={120}
                    value={draft.label}
                    onChange={(event) => update({ label: event.currentTarget.value })}
                    error={errorAt(errors, 'label')}
                  />
                </SimpleGrid>
                <Radio.Group
                  label={t('workflow.screen.type.label')}
                  description={t(`workflow.screen.type.${typeKeyOf(draft.type)}Help`)}
                  error={errorAt(errors, 'type')}
                  value={draft.type}
                  onChange={(value) =>
                    setDraft((current) =>
                      withType(current, value === 'workflow' ? 'workflow' : 'state_machine'),
                    )
                  }
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="state_machine" label={t('workflow.screen.type.stateMachine')} />
                    <Radio value="workflow" label={t('workflow.screen.type.workflow')} />
                  </Group>
                </Radio.Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NumberInput
                    label={t('workflow.screen.field.priority')}
                    description={t('workflow.screen.field.priorityHelp')}
                    min={0}
                    max={1000}
                    value={draft.priority}
                    onChange={(value) =>
                      update({ priority: typeof value === 'number' ? value : 0 })
                    }
                    error={errorAt(errors, 'priority')}
                  />
                  <Switch
                    mt="lg"
                    label={t('workflow.screen.field.enabled')}
                    checked={draft.enabled}
                    onChange={(event) => update({ enabled: event.currentTarget.checked })}
                  />
                </SimpleGrid>
                <Title order={2} size="h5" mt="sm">
                  {t('workflow.screen.supports.title')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('workflow.screen.supports.help')}
                </Text>
                <MultiSelect
                  label={t('workflow.screen.supports.objectClasses')}
                  data={options.objectClasses.map((entry) => ({
                    value: entry.name,
                    label: entry.title === '' ? entry.name : entry.title,
                  }))}
                  searchable
                  value={draft.supports.objectClasses}
                  onChange={(objectClasses) =>
                    update({ supports: { ...draft.supports, objectClasses } })
                  }
                  error={errorAt(errors, 'supports.objectClasses')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <MultiSelect
                    label={t('workflow.screen.supports.assetTypes')}
                    data={options.assetTypes}
                    value={draft.supports.assetTypes}
                    onChange={(assetTypes) =>
                      update({ supports: { ...draft.supports, assetTypes } })
                    }
                    error={errorAt(errors, 'supports.assetTypes')}
                  />
                  <MultiSelect
                    label={t('workflow.screen.supports.documentTypes')}
                    data={options.documentTypes}
                    value={draft.supports.documentTypes}
                    onChange={(documentTypes) =>
                      update({ supports: { ...draft.supports, documentTypes } })
                    }
                    error={errorAt(errors, 'supports.documentTypes')}
                  />
                </SimpleGrid>
                <PlacesPicker
                  label={t('workflow.screen.field.initialPlaces')}
                  description={t('workflow.screen.field.initialPlacesHelp')}
                  places={draft.places}
                  single={single}
                  required
                  value={draft.initialPlaces}
                  onChange={(initialPlaces) => update({ initialPlaces })}
                  error={errorAt(errors, 'initialPlaces')}
                />
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="places" pt="md">
              <Stack gap="sm">
                {draft.places.map((place, index) => (
                  <PlaceFields
                    key={index}
                    index={index}
                    count={draft.places.length}
                    place={place}
                    fields={classFields}
                    errors={errors}
                    onRename={(name) => setDraft((current) => renamePlace(current, index, name))}
                    onChange={(next) =>
                      setDraft((current) => ({
                        ...current,
                        places: current.places.map((item, at) => (at === index ? next : item)),
                      }))
                    }
                    onMove={(by) =>
                      setDraft((current) => ({
                        ...current,
                        places: moveItem(current.places, index, by),
                      }))
                    }
                    onRemove={() => setDraft((current) => removePlace(current, index))}
                  />
                ))}
                <Group>
                  <Button
                    variant="light"
                    onClick={() =>
                      setDraft((current) => ({
                        ...current,
                        places: [...current.places, newPlace(current.places)],
                      }))
                    }
                  >
                    {t('workflow.screen.place.add')}
                  </Button>
                </Group>
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="transitions" pt="md">
              <ActionList
                kind="transitions"
                items={draft.transitions}
                draft={draft}
                options={options}
                errors={errors}
                onChange={(transitions) => update({ transitions })}
                onAdd={() =>
                  setDraft((current) => ({
                    ...current,
                    transitions: [...current.transitions, newTransition(current)],
                  }))
                }
              />
            </Tabs.Panel>

            <Tabs.Panel value="globalActions" pt="md">
              <Text size="sm" c="dimmed" mb="sm">
                {t('workflow.screen.globalAction.help')}
              </Text>
              <ActionList
                kind="globalActions"
                items={draft.globalActions}
                draft={draft}
                options={options}
                errors={errors}
                onChange={(globalActions) => update({ globalActions })}
                onAdd={() =>
                  setDraft((current) => ({
                    ...current,
                    globalActions: [...current.globalActions, newGlobalAction(current)],
                  }))
                }
              />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="sm" radius="md">
            <DefinitionGraphPreview draft={draft} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

function tabErrorCount(errors: DraftErrors, tab: EditorTab): number {
  return Object.keys(errors).filter((path) =>
    TAB_PREFIXES[tab].some((prefix) =>
      prefix === '' ? false : path === prefix || path.startsWith(`${prefix}.`),
    ),
  ).length
}

function ActionList<A extends WorkflowTransition | WorkflowGlobalAction>({
  kind,
  items,
  draft,
  options,
  errors,
  onChange,
  onAdd,
}: {
  kind: 'transitions' | 'globalActions'
  items: readonly A[]
  draft: WorkflowDraft
  options: WorkflowEditorOptions
  errors: DraftErrors
  onChange: (items: A[]) => void
  onAdd: () => void
}) {
  const { t } = useTranslation()
  const labelOf = (name: string) => {
    const place = draft.places.find((entry) => entry.name === name)
    return place ?? { label: name, color: '#868e96' }
  }
  return (
    <Stack gap="sm">
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {kind === 'transitions'
            ? t('workflow.screen.transition.empty')
            : t('workflow.screen.globalAction.empty')}
        </Text>
      )}
      <Accordion variant="separated" multiple>
        {items.map((item, index) => {
          const path = `${kind}.${index}`
          const count = errorCountBelow(errors, path)
          const name = item.label === '' ? item.name : item.label
          return (
            <Accordion.Item key={index} value={String(index)}>
              <Accordion.Control>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {name}
                  </Text>
                  {'from' in item &&
                    item.from.map((place) => (
                      <PlaceBadge key={`from-${place}`} place={labelOf(place)} size="sm" />
                    ))}
                  {item.to.length > 0 && <Text size="sm">→</Text>}
                  {item.to.map((place) => (
                    <PlaceBadge key={`to-${place}`} place={labelOf(place)} size="sm" />
                  ))}
                  {count > 0 && (
                    <Badge color="red" size="sm">
                      {t('workflow.screen.tabProblems', { count })}
                    </Badge>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <ActionFields
                    path={path}
                    action={item}
                    draft={draft}
                    options={options}
                    errors={errors}
                    onChange={(next) =>
                      onChange(items.map((entry, at) => (at === index ? next : entry)))
                    }
                  />
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={index === 0}
                      onClick={() => onChange(moveItem(items, index, -1))}
                    >
                      {t('workflow.screen.moveUp', { name })}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={index === items.length - 1}
                      onClick={() => onChange(moveItem(items, index, 1))}
                    >
                      {t('workflow.screen.moveDown', { name })}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => onChange(items.filter((_, at) => at !== index))}
                    >
                      {t('workflow.screen.remove', { name })}
                    </Button>
                  </Group>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          )
        })}
      </Accordion>
      <Group>
        <Button variant="light" onClick={onAdd}>
          {kind === 'transitions'
            ? t('workflow.screen.transition.add')
            : t('workflow.screen.globalAction.add')}
        </Button>
      </Group>
    </Stack>
  )
}
