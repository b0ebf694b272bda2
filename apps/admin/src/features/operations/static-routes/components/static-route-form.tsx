import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  STATIC_ROUTE_METHODS,
  STATIC_ROUTE_SYNTAXES,
  STATIC_ROUTE_TARGETS,
  type StaticRoute,
  type StaticRouteInput,
  type StaticRouteMethod,
  type StaticRouteSyntax,
  type StaticRouteTarget,
} from '@optika/domain/operations/static-routes'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

interface Draft {
  name: string
  syntax: StaticRouteSyntax
  pattern: string
  reverse: string
  targetType: StaticRouteTarget
  target: string
  defaults: string
  priority: number
  siteId: number | ''
  methods: StaticRouteMethod[]
}

function draftOf(route: StaticRoute | null): Draft {
  return {
    name: route?.name ?? '',
    syntax: route?.syntax ?? 'simple',
    pattern: route?.pattern ?? '/{locale}/',
    reverse: route?.reverse ?? '',
    targetType: route?.targetType ?? 'productListing',
    target: route?.target ?? '',
    defaults: Object.entries(route?.defaults ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
    priority: route?.priority ?? 0,
    siteId: route?.siteId ?? '',
    methods: route?.methods ?? [],
  }
}

/** `name=value` lines as an object; blank lines are skipped, the server checks the names. */
function defaultsOf(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const at = line.indexOf('=')
      return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()]
    })
  return Object.fromEntries(entries) as Record<string, string>
}

function inputOf(draft: Draft): StaticRouteInput {
  return {
    name: draft.name,
    syntax: draft.syntax,
    pattern: draft.pattern,
    reverse: draft.reverse,
    targetType: draft.targetType,
    target: draft.target,
    defaults: defaultsOf(draft.defaults),
    priority: draft.priority,
    siteId: draft.siteId === '' ? null : draft.siteId,
    methods: draft.methods,
  }
}

/** A static route's fields; the server checks the pattern (ReDoS too) and the templates on save. */
export function StaticRouteForm({
  route,
  saving,
  error,
  onSave,
  onCancel,
}: {
  route: StaticRoute | null
  saving: boolean
  error: unknown
  onSave: (input: StaticRouteInput) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(() => draftOf(route))
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSave(inputOf(draft))
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('siteTools.routes.field.name')}
            value={draft.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            required
            maxLength={80}
            data-autofocus
          />
          <NumberInput
            label={t('siteTools.routes.field.priority')}
            value={draft.priority}
            min={-1000}
            max={1000}
            allowDecimal={false}
            onChange={(value) => set('priority', Number(value) || 0)}
          />
        </SimpleGrid>
        <Select
          label={t('siteTools.routes.field.syntax')}
          data={STATIC_ROUTE_SYNTAXES.map((value) => ({
            value,
            label: t(`siteTools.routes.syntax.${value}`),
          }))}
          value={draft.syntax}
          onChange={(value) => value && set('syntax', value)}
          allowDeselect={false}
        />
        <TextInput
          label={t('siteTools.routes.field.pattern')}
          description={t('siteTools.routes.hint.pattern')}
          value={draft.pattern}
          onChange={(event) => set('pattern', event.currentTarget.value)}
          required
          maxLength={300}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <TextInput
          label={t('siteTools.routes.field.reverse')}
          description={t('siteTools.routes.hint.reverse')}
          value={draft.reverse}
          onChange={(event) => set('reverse', event.currentTarget.value)}
          maxLength={300}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('siteTools.routes.field.targetType')}
            data={STATIC_ROUTE_TARGETS.map((value) => ({
              value,
              label: t(`siteTools.routes.target.${value}`),
            }))}
            value={draft.targetType}
            onChange={(value) => value && set('targetType', value)}
            allowDeselect={false}
          />
          <TextInput
            label={t('siteTools.routes.field.target')}
            description={t(`siteTools.routes.hint.${draft.targetType}`)}
            value={draft.target}
            onChange={(event) => set('target', event.currentTarget.value)}
            maxLength={500}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea
            label={t('siteTools.routes.field.defaults')}
            description={t('siteTools.routes.hint.defaults')}
            value={draft.defaults}
            onChange={(event) => set('defaults', event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Stack gap="sm">
            <NumberInput
              label={t('siteTools.routes.field.site')}
              description={t('siteTools.routes.hint.site')}
              value={draft.siteId}
              min={1}
              allowDecimal={false}
              onChange={(value) => set('siteId', value === '' ? '' : Number(value))}
            />
            <Checkbox.Group
              label={t('siteTools.routes.field.methods')}
              description={t('siteTools.routes.hint.methods')}
              value={draft.methods}
              onChange={(value) => set('methods', value)}
            >
              <Group mt="xs">
                {STATIC_ROUTE_METHODS.map((method) => (
                  <Checkbox key={method} value={method} label={method} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </SimpleGrid>
        <RequestErrorAlert error={error} />
        <Group>
          <Button type="submit" loading={saving}>
            {t('siteTools.routes.save')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('siteTools.routes.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
