import {
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import {
  WORKFLOW_PUBLISHED_CHANGES,
  type WorkflowEditorOptions,
  type WorkflowGlobalAction,
  type WorkflowTransition,
} from '@optika/domain/elements/workflow'
import { errorAt, type DraftErrors, type WorkflowDraft } from '../model/definition-draft.ts'
import { PlacesPicker } from './places-picker.tsx'

type Action = WorkflowTransition | WorkflowGlobalAction

interface ActionFieldsProps<A extends Action> {
  /** `transitions.2` or `globalActions.0`: the prefix of this action's error paths. */
  path: string
  action: A
  draft: WorkflowDraft
  options: WorkflowEditorOptions
  errors: DraftErrors
  onChange: (action: A) => void
}

/**
 * The fields a transition and a global action share: names, where it leads (from → to for a
 * transition; an optional "to" for a global action), the guard, the note, who is notified, what
 * it does to the published flag and the dialog's help text.
 */
export function ActionFields<A extends Action>({
  path,
  action,
  draft,
  options,
  errors,
  onChange,
}: ActionFieldsProps<A>) {
  const { t } = useTranslation()
  const at = (field: string) => errorAt(errors, `${path}.${field}`)
  const set = (patch: Partial<Action>) => onChange({ ...action, ...patch })
  const single = draft.type === 'state_machine'
  const isTransition = 'from' in action
  const roleData = options.roles.map((role) => ({ value: String(role.id), label: role.name }))
  const userData = options.users.map((user) => ({ value: String(user.id), label: user.name }))
  const fieldNames = options.objectClasses
    .filter((entry) => draft.supports.objectClasses.includes(entry.name))
    .flatMap((entry) => entry.fields.map((field) => field.name))
  const variables = [...new Set([...options.expressionVariables, ...fieldNames])]
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('workflow.screen.field.name')}
          description={t('workflow.screen.field.nameHelp')}
          required
          maxLength={64}
          value={action.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={at('name')}
        />
        <TextInput
          label={t('workflow.screen.field.label')}
          required
          maxLength={120}
          value={action.label}
          onChange={(event) => set({ label: event.currentTarget.value })}
          error={at('label')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {isTransition && (
          <PlacesPicker
            label={t('workflow.screen.transition.from')}
            places={draft.places}
            single={single}
            required
            value={action.from}
            onChange={(from) => set({ from })}
            error={at('from')}
          />
        )}
        <PlacesPicker
          label={
            isTransition ? t('workflow.screen.transition.to') : t('workflow.screen.globalAction.to')
          }
          description={isTransition ? undefined : t('workflow.screen.globalAction.toHelp')}
          places={draft.places}
          single={single}
          required={isTransition}
          value={action.to}
          onChange={(to) => set({ to })}
          error={at('to')}
        />
      </SimpleGrid>

      <Title order={4} size="h6" mt="xs">
        {t('workflow.screen.guard.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t('workflow.screen.guard.roles')}
          description={t('workflow.screen.guard.rolesHelp')}
          data={roleData}
          searchable
          value={action.guard.roleIds.map(String)}
          onChange={(ids) => set({ guard: { ...action.guard, roleIds: ids.map(Number) } })}
          error={at('guard.roleIds')}
        />
        <MultiSelect
          label={t('workflow.screen.guard.permissions')}
          description={t('workflow.screen.guard.permissionsHelp')}
          data={options.permissions.map((key) => ({
            value: key,
            label: t(`admin.permission.${key}` as 'admin.permission.users'),
          }))}
          searchable
          value={action.guard.permissions}
          onChange={(keys) => set({ guard: { ...action.guard, permissions: keys } })}
          error={at('guard.permissions')}
        />
      </SimpleGrid>
      <Textarea
        label={t('workflow.screen.guard.expression')}
        description={
          <>
            {t('workflow.screen.guard.expressionHelp')}{' '}
            {variables.length > 0 && (
              <Text span size="xs" ff="monospace">
                {variables.join(', ')}
              </Text>
            )}
          </>
        }
        placeholder='price > 0 and name != ""'
        autosize
        minRows={1}
        maxLength={2_000}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={action.guard.expression ?? ''}
        onChange={(event) =>
          set({
            guard: {
              ...action.guard,
              expression: event.currentTarget.value === '' ? null : event.currentTarget.value,
            },
          })
        }
        error={at('guard.expression')}
      />

      <Title order={4} size="h6" mt="xs">
        {t('workflow.screen.notes.title')}
      </Title>
      <Group gap="lg">
        <Checkbox
          label={t('workflow.screen.notes.enabled')}
          checked={action.notes.enabled}
          onChange={(event) =>
            set({
              notes: {
                ...action.notes,
                enabled: event.currentTarget.checked,
                required: event.currentTarget.checked && action.notes.required,
              },
            })
          }
        />
        <Checkbox
          label={t('workflow.screen.notes.required')}
          checked={action.notes.required}
          onChange={(event) =>
            set({
              notes: {
                ...action.notes,
                required: event.currentTarget.checked,
                enabled: event.currentTarget.checked || action.notes.enabled,
              },
            })
          }
        />
      </Group>
      {action.notes.enabled && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('workflow.screen.notes.type')}
            maxLength={64}
            value={action.notes.type}
            onChange={(event) =>
              set({ notes: { ...action.notes, type: event.currentTarget.value } })
            }
            error={at('notes.type')}
          />
          <TextInput
            label={t('workflow.screen.notes.noteTitle')}
            description={t('workflow.screen.notes.noteTitleHelp')}
            maxLength={190}
            value={action.notes.title}
            onChange={(event) =>
              set({ notes: { ...action.notes, title: event.currentTarget.value } })
            }
            error={at('notes.title')}
          />
        </SimpleGrid>
      )}

      <Title order={4} size="h6" mt="xs">
        {t('workflow.screen.notify.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t('workflow.screen.notify.users')}
          data={userData}
          searchable
          value={action.notify.userIds.map(String)}
          onChange={(ids) => set({ notify: { ...action.notify, userIds: ids.map(Number) } })}
          error={at('notify.userIds')}
        />
        <MultiSelect
          label={t('workflow.screen.notify.roles')}
          data={roleData}
          searchable
          value={action.notify.roleIds.map(String)}
          onChange={(ids) => set({ notify: { ...action.notify, roleIds: ids.map(Number) } })}
          error={at('notify.roleIds')}
        />
      </SimpleGrid>
      <Select
        label={t('workflow.screen.published.label')}
        data={WORKFLOW_PUBLISHED_CHANGES.map((value) => ({
          value,
          label: t(`workflow.screen.published.${value}`),
        }))}
        allowDeselect={false}
        value={action.changePublishedState}
        onChange={(value) => {
          const next = WORKFLOW_PUBLISHED_CHANGES.find((change) => change === value)
          if (next) set({ changePublishedState: next })
        }}
        error={at('changePublishedState')}
      />
      <Textarea
        label={t('workflow.screen.customHtml.label')}
        description={t('workflow.screen.customHtml.help')}
        autosize
        minRows={2}
        maxLength={20_000}
        value={action.customHtml}
        onChange={(event) => set({ customHtml: event.currentTarget.value })}
        error={at('customHtml')}
      />
    </Stack>
  )
}
