import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CONDITION_TYPES,
  RULE_SCOPES,
  VISITOR_KINDS,
  type TargetGroup,
  type TargetingCondition,
  type TargetingConditionType,
  type TargetingRule,
  type TargetingRuleInput,
} from '@optika/domain/operations/targeting'
import { LOCALES } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useRuleActions, useTargetGroups, useTargetingRules } from '../api/targeting-api.ts'

const JOINT = { operator: 'and', bracketLeft: false, bracketRight: false } as const

/** A new condition of a type, with sensible starting values. */
export function newCondition(type: TargetingConditionType): TargetingCondition {
  switch (type) {
    case 'country':
      return { type, ...JOINT, countries: ['SK'] }
    case 'language':
      return { type, ...JOINT, languages: ['sk'] }
    case 'visitorKind':
      return { type, ...JOINT, kind: 'partner' }
    case 'visitedCategory':
      return { type, ...JOINT, categoryId: 1, times: 1 }
    case 'visitedProduct':
      return { type, ...JOINT, productId: 1, times: 1 }
    case 'referrer':
      return { type, ...JOINT, contains: '' }
    case 'timeOfDay':
      return { type, ...JOINT, from: '08:00', to: '17:00' }
    case 'cartValue':
      return { type, ...JOINT, min: 0, max: null }
  }
}

function inputOf(rule: TargetingRule): TargetingRuleInput {
  const { id: _id, priority: _priority, ...input } = rule
  return input
}

/** One condition's own fields, each labelled. */
function ConditionFields({
  condition,
  onChange,
}: {
  condition: TargetingCondition
  onChange: (condition: TargetingCondition) => void
}) {
  const { t, i18n } = useTranslation()
  const languageName = new Intl.DisplayNames([i18n.language], { type: 'language' })
  switch (condition.type) {
    case 'country':
      return (
        <TextInput
          label={t('targeting.screen.condition.countries')}
          description={t('targeting.screen.hint.countries')}
          value={condition.countries.join(', ')}
          maxLength={200}
          onChange={(event) =>
            onChange({
              ...condition,
              countries: event.currentTarget.value
                .split(/[\s,]+/)
                .map((c) => c.trim().toUpperCase())
                .filter(Boolean),
            })
          }
        />
      )
    case 'language':
      return (
        <Checkbox.Group
          label={t('targeting.screen.condition.languages')}
          value={condition.languages}
          onChange={(value) => onChange({ ...condition, languages: value })}
        >
          <Group gap="sm" mt={4}>
            {LOCALES.map((l) => (
              <Checkbox key={l} value={l} label={languageName.of(l) ?? l} />
            ))}
          </Group>
        </Checkbox.Group>
      )
    case 'visitorKind':
      return (
        <NativeSelect
          label={t('targeting.screen.condition.kind')}
          value={condition.kind}
          onChange={(event) =>
            onChange({ ...condition, kind: event.currentTarget.value as typeof condition.kind })
          }
          data={VISITOR_KINDS.map((kind) => ({
            value: kind,
            label: t(`targeting.screen.kind.${kind}`),
          }))}
        />
      )
    case 'visitedCategory':
    case 'visitedProduct': {
      const idKey = condition.type === 'visitedCategory' ? 'categoryId' : 'productId'
      const id = condition.type === 'visitedCategory' ? condition.categoryId : condition.productId
      return (
        <Group grow align="flex-start">
          <NumberInput
            label={t(
              condition.type === 'visitedCategory'
                ? 'targeting.screen.condition.categoryId'
                : 'targeting.screen.condition.productId',
            )}
            min={1}
            allowDecimal={false}
            value={id}
            onChange={(value) => onChange({ ...condition, [idKey]: Number(value) || 1 })}
          />
          <NumberInput
            label={t('targeting.screen.condition.times')}
            min={1}
            max={1000}
            allowDecimal={false}
            value={condition.times}
            onChange={(value) => onChange({ ...condition, times: Number(value) || 1 })}
          />
        </Group>
      )
    }
    case 'referrer':
      return (
        <TextInput
          label={t('targeting.screen.condition.referrer')}
          placeholder="google."
          maxLength={200}
          value={condition.contains}
          onChange={(event) => onChange({ ...condition, contains: event.currentTarget.value })}
        />
      )
    case 'timeOfDay':
      return (
        <Group grow align="flex-start">
          <TextInput
            type="time"
            label={t('targeting.screen.condition.from')}
            value={condition.from}
            onChange={(event) => onChange({ ...condition, from: event.currentTarget.value })}
          />
          <TextInput
            type="time"
            label={t('targeting.screen.condition.to')}
            value={condition.to}
            onChange={(event) => onChange({ ...condition, to: event.currentTarget.value })}
          />
        </Group>
      )
    case 'cartValue':
      return (
        <Group grow align="flex-start">
          <NumberInput
            label={t('targeting.screen.condition.min')}
            min={0}
            value={condition.min ?? ''}
            onChange={(value) =>
              onChange({ ...condition, min: value === '' ? null : Number(value) })
            }
          />
          <NumberInput
            label={t('targeting.screen.condition.max')}
            min={0}
            value={condition.max ?? ''}
            onChange={(value) =>
              onChange({ ...condition, max: value === '' ? null : Number(value) })
            }
          />
        </Group>
      )
  }
}

/** The condition builder: Pimcore's list of conditions joined by AND / OR / AND NOT with brackets. */
function ConditionsEditor({
  conditions,
  onChange,
}: {
  conditions: readonly TargetingCondition[]
  onChange: (conditions: TargetingCondition[]) => void
}) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState<TargetingConditionType>('language')
  const set = (index: number, condition: TargetingCondition) =>
    onChange(conditions.map((c, i) => (i === index ? condition : c)))
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('targeting.screen.conditions')}
      </Title>
      {conditions.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('targeting.screen.noConditions')}
        </Text>
      ) : null}
      {conditions.map((condition, index) => {
        const n = index + 1
        return (
          <Paper
            key={index}
            withBorder
            p="sm"
            aria-label={t('targeting.screen.conditionNumber', { n })}
            component="fieldset"
          >
            <Stack gap="xs">
              <Group gap="sm" wrap="wrap" align="flex-end">
                {index > 0 ? (
                  <NativeSelect
                    label={t('targeting.screen.condition.operator')}
                    value={condition.operator}
                    onChange={(event) =>
                      set(index, {
                        ...condition,
                        operator: event.currentTarget.value as TargetingCondition['operator'],
                      })
                    }
                    data={[
                      { value: 'and', label: t('targeting.screen.operator.and') },
                      { value: 'or', label: t('targeting.screen.operator.or') },
                      { value: 'and_not', label: t('targeting.screen.operator.andNot') },
                    ]}
                  />
                ) : null}
                <Checkbox
                  label={t('targeting.screen.condition.bracketLeft')}
                  checked={condition.bracketLeft}
                  onChange={(event) =>
                    set(index, { ...condition, bracketLeft: event.currentTarget.checked })
                  }
                />
                <NativeSelect
                  label={t('targeting.screen.condition.type')}
                  value={condition.type}
                  onChange={(event) => {
                    const next = newCondition(event.currentTarget.value as TargetingConditionType)
                    set(index, {
                      ...next,
                      operator: condition.operator,
                      bracketLeft: condition.bracketLeft,
                      bracketRight: condition.bracketRight,
                    })
                  }}
                  data={CONDITION_TYPES.map((type) => ({
                    value: type,
                    label: t(`targeting.screen.type.${type}`),
                  }))}
                />
                <Checkbox
                  label={t('targeting.screen.condition.bracketRight')}
                  checked={condition.bracketRight}
                  onChange={(event) =>
                    set(index, { ...condition, bracketRight: event.currentTarget.checked })
                  }
                />
                <Button
                  size="xs"
                  color="red"
                  variant="subtle"
                  aria-label={t('targeting.screen.removeCondition', { n })}
                  onClick={() => onChange(conditions.filter((_, i) => i !== index))}
                >
                  {t('targeting.screen.remove')}
                </Button>
              </Group>
              <ConditionFields condition={condition} onChange={(c) => set(index, c)} />
            </Stack>
          </Paper>
        )
      })}
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('targeting.screen.newConditionType')}
          value={adding}
          onChange={(event) => setAdding(event.currentTarget.value as TargetingConditionType)}
          data={CONDITION_TYPES.map((type) => ({
            value: type,
            label: t(`targeting.screen.type.${type}`),
          }))}
        />
        <Button variant="light" onClick={() => onChange([...conditions, newCondition(adding)])}>
          {t('targeting.screen.addCondition')}
        </Button>
      </Group>
    </Stack>
  )
}

/** One rule's form: settings, the condition builder and the actions. */
function RuleEditor({
  rule,
  groups,
  onDeleted,
}: {
  rule: TargetingRule
  groups: readonly TargetGroup[]
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const { save, remove } = useRuleActions()
  const [draft, setDraft] = useState<TargetingRuleInput>(() => inputOf(rule))
  const [saved, setSaved] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const set = (patch: Partial<TargetingRuleInput>) => {
    setSaved(false)
    setDraft({ ...draft, ...patch })
  }
  const assign = draft.actions.assignTargetGroup
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ id: rule.id, input: draft }, { onSuccess: () => setSaved(true) })
  }
  return (
    <form onSubmit={submit} aria-labelledby={`rule-${rule.id}-title`}>
      <Stack gap="md">
        <Title
          order={2}
          size="h4"
          id={`rule-${rule.id}-title`}
          style={{ overflowWrap: 'anywhere' }}
        >
          {t('targeting.screen.rule.editing', { name: rule.name })}
        </Title>
        <TextInput
          label={t('targeting.screen.field.name')}
          required
          maxLength={120}
          value={draft.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
        />
        <Textarea
          label={t('targeting.screen.field.description')}
          maxLength={1000}
          autosize
          minRows={2}
          value={draft.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
        <Group wrap="wrap" align="flex-end">
          <NativeSelect
            label={t('targeting.screen.field.scope')}
            value={draft.scope}
            onChange={(event) =>
              set({ scope: event.currentTarget.value as TargetingRuleInput['scope'] })
            }
            data={RULE_SCOPES.map((scope) => ({
              value: scope,
              label: t(`targeting.screen.scope.${scope}`),
            }))}
          />
          <Checkbox
            label={t('targeting.screen.field.active')}
            checked={draft.active}
            onChange={(event) => set({ active: event.currentTarget.checked })}
          />
        </Group>
        <ConditionsEditor
          conditions={draft.conditions}
          onChange={(conditions) => set({ conditions })}
        />
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('targeting.screen.actionsTitle')}
          </Title>
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label={t('targeting.screen.action.group')}
              value={assign ? String(assign.targetGroupId) : ''}
              onChange={(event) => {
                const value = event.currentTarget.value
                set({
                  actions: {
                    ...draft.actions,
                    assignTargetGroup: value
                      ? { targetGroupId: Number(value), weight: assign?.weight ?? 1 }
                      : null,
                  },
                })
              }}
              data={[
                { value: '', label: t('targeting.screen.action.noGroup') },
                ...groups.map((g) => ({ value: String(g.id), label: g.name })),
              ]}
            />
            <NumberInput
              label={t('targeting.screen.action.weight')}
              min={1}
              max={100}
              allowDecimal={false}
              disabled={!assign}
              value={assign?.weight ?? 1}
              onChange={(value) =>
                assign &&
                set({
                  actions: {
                    ...draft.actions,
                    assignTargetGroup: { ...assign, weight: Number(value) || 1 },
                  },
                })
              }
            />
          </Group>
          <TextInput
            label={t('targeting.screen.action.redirect')}
            description={t('targeting.screen.hint.redirect')}
            placeholder="/sk/…"
            maxLength={2000}
            value={draft.actions.redirect?.url ?? ''}
            onChange={(event) => {
              const url = event.currentTarget.value
              set({ actions: { ...draft.actions, redirect: url.trim() ? { url } : null } })
            }}
          />
        </Stack>
        <RequestErrorAlert error={save.error ?? remove.error} />
        <div role="status" aria-live="polite">
          {saved ? <Alert color="teal">{t('targeting.screen.rule.saved')}</Alert> : null}
        </div>
        <Group justify="space-between" wrap="wrap">
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('targeting.screen.delete')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('targeting.screen.save')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('targeting.screen.rule.deleteTitle')}
      >
        <Stack gap="sm">
          <Text>{t('targeting.screen.rule.deleteConfirm', { name: rule.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('targeting.screen.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                // Awaited, not a per-call callback: the list's refresh can unmount this editor
                // first, and the panel must still hear of the deletion. Errors show from `remove`.
                void remove.mutateAsync(rule.id).then(
                  () => {
                    setConfirming(false)
                    onDeleted()
                  },
                  () => undefined,
                )
              }
            >
              {t('targeting.screen.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  )
}

/**
 * The rules by priority (first evaluated first), moved with buttons (announced), a search, and
 * the selected rule's editor beside the list.
 */
export function RulesPanel() {
  const { t } = useTranslation()
  const rules = useTargetingRules()
  const groups = useTargetGroups()
  const { add, order } = useRuleActions()
  const [selected, setSelected] = useState<number | null>(null)
  const [search, setSearch] = useState('')
  const [newName, setNewName] = useState('')
  const [announcement, setAnnouncement] = useState('')

  if (rules.isPending || groups.isPending) return <ScreenLoader />
  if (rules.isError) return <RequestErrorAlert error={rules.error} />
  if (groups.isError) return <RequestErrorAlert error={groups.error} />
  const list = rules.data
  const needle = search.trim().toLowerCase()
  const shown = list.filter(
    (r) => !needle || `${r.name} ${r.description}`.toLowerCase().includes(needle),
  )
  // Without a choice (or after deleting the chosen one) the first rule is shown.
  const current = list.find((r) => r.id === selected) ?? list[0] ?? null

  const move = (rule: TargetingRule, by: -1 | 1) => {
    const ids = list.map((r) => r.id)
    const from = ids.indexOf(rule.id)
    const to = from + by
    if (to < 0 || to >= ids.length) return
    ids.splice(from, 1)
    ids.splice(to, 0, rule.id)
    order.mutate(ids, {
      onSuccess: () =>
        setAnnouncement(
          t('targeting.screen.rule.moved', {
            name: rule.name,
            position: to + 1,
            count: ids.length,
          }),
        ),
    })
  }
  const create = (event: FormEvent) => {
    event.preventDefault()
    if (!newName.trim()) return
    add.mutate(
      { name: newName.trim() },
      {
        onSuccess: (rule) => {
          setNewName('')
          setSelected(rule.id)
          setAnnouncement(t('targeting.screen.rule.added', { name: rule.name }))
        },
      },
    )
  }

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <form onSubmit={create}>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('targeting.screen.rule.newName')}
                value={newName}
                maxLength={120}
                onChange={(event) => setNewName(event.currentTarget.value)}
                style={{ flex: '1 1 12rem', minWidth: 0 }}
              />
              <Button type="submit" loading={add.isPending}>
                {t('targeting.screen.rule.add')}
              </Button>
            </Group>
          </form>
          <RequestErrorAlert error={add.error ?? order.error} />
          <TextInput
            type="search"
            label={t('targeting.screen.search')}
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Text size="sm" c="dimmed">
            {t('targeting.screen.rule.orderHint')}
          </Text>
          <div role="status" aria-live="polite">
            <Text size="sm">{announcement}</Text>
          </div>
          {shown.length === 0 ? (
            <Text c="dimmed">{t('targeting.screen.rule.empty')}</Text>
          ) : (
            <Stack
              gap={4}
              component="ol"
              aria-label={t('targeting.screen.tab.rules')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {shown.map((rule) => {
                const position = list.indexOf(rule)
                return (
                  <Paper
                    key={rule.id}
                    component="li"
                    withBorder
                    p="xs"
                    bg={rule.id === current?.id ? 'var(--mantine-color-blue-light)' : undefined}
                  >
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <UnstyledButton
                        onClick={() => setSelected(rule.id)}
                        aria-current={rule.id === current?.id ? 'true' : undefined}
                        style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                      >
                        <Text fw={500} size="sm">
                          {position + 1}. {rule.name}
                        </Text>
                        {!rule.active ? (
                          <Badge size="xs" color="gray" variant="light">
                            {t('targeting.screen.inactive')}
                          </Badge>
                        ) : null}
                      </UnstyledButton>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('targeting.screen.rule.moveUp', { name: rule.name })}
                          disabled={position === 0 || order.isPending}
                          onClick={() => move(rule, -1)}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('targeting.screen.rule.moveDown', { name: rule.name })}
                          disabled={position === list.length - 1 || order.isPending}
                          onClick={() => move(rule, 1)}
                        >
                          ↓
                        </ActionIcon>
                      </Group>
                    </Group>
                  </Paper>
                )
              })}
            </Stack>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {current ? (
          <RuleEditor
            key={current.id}
            rule={current}
            groups={groups.data}
            onDeleted={() => {
              setAnnouncement(t('targeting.screen.rule.deleted', { name: current.name }))
              setSelected(null)
            }}
          />
        ) : (
          <Text c="dimmed">{t('targeting.screen.rule.none')}</Text>
        )}
      </Grid.Col>
    </Grid>
  )
}
