import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { REDIRECT_STATUS_CODES, type Redirect } from '@optika/domain/operations/redirects'
import { FilterPanel, PagedTable, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  cleanupRedirects,
  deleteRedirect,
  REDIRECTS_EXPORT_URL,
  REDIRECTS_PAGE_SIZE,
  redirectKeys,
  testRedirectUrl,
  useRedirects,
  type RedirectFilters,
} from './api/redirects-api.ts'
import { RedirectEditor } from './components/redirect-editor.tsx'
import { RedirectImport } from './components/redirect-import.tsx'

type RuleState = 'active' | 'inactive' | 'expired' | 'scheduled'

function stateOf(rule: Redirect, now = Date.now()): RuleState {
  const passed = (iso: string | null) => iso !== null && Date.parse(iso) <= now
  if (passed(rule.expiresAt)) return 'expired'
  if (!rule.active || passed(rule.activeTo)) return 'inactive'
  if (rule.activeFrom && Date.parse(rule.activeFrom) > now) return 'scheduled'
  return 'active'
}

const STATE_COLORS: Record<RuleState, string> = {
  active: 'green',
  inactive: 'gray',
  expired: 'red',
  scheduled: 'blue',
}

/** Redirect rules: list with search and filters, edit, test a URL, CSV import and export, cleanup. */
export function RedirectsPanel() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [filters, setFilters] = useState<RedirectFilters>({
    q: '',
    statusCode: '',
    state: '',
    page: 1,
  })
  const list = useRedirects(filters)
  const [editing, setEditing] = useState<Redirect | null | 'new'>(null)
  const [importing, setImporting] = useState(false)
  const [deleting, setDeleting] = useState<Redirect | null>(null)
  const [confirmCleanup, setConfirmCleanup] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)

  const remove = useMutation({
    mutationFn: (rule: Redirect) => deleteRedirect(rule.id),
    onSuccess: async () => {
      setDeleting(null)
      setNotice(t('seoRedirects.notice.deleted'))
      await client.invalidateQueries({ queryKey: redirectKeys.all })
    },
  })
  const cleanup = useMutation({
    mutationFn: cleanupRedirects,
    onSuccess: async (count) => {
      setConfirmCleanup(false)
      setNotice(t('seoRedirects.cleanup.done', { count }))
      await client.invalidateQueries({ queryKey: redirectKeys.all })
    },
  })

  const update = (patch: Partial<RedirectFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...patch }))

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('seoRedirects.intro')}</Text>
      <Group gap="sm">
        <Button onClick={() => setEditing('new')}>{t('seoRedirects.action.new')}</Button>
        <Button variant="default" onClick={() => setImporting(true)}>
          {t('seoRedirects.action.import')}
        </Button>
        <Button variant="default" component="a" href={REDIRECTS_EXPORT_URL} download>
          {t('seoRedirects.action.export')}
        </Button>
        <Button variant="default" color="red" onClick={() => setConfirmCleanup(true)}>
          {t('seoRedirects.action.cleanup')}
        </Button>
      </Group>
      {notice && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel={t('seoRedirects.action.closeNotice')}
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
      <UrlTester />
      <FilterPanel label={t('seoRedirects.search')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SearchInput
            label={t('seoRedirects.search')}
            placeholder="/cs/…"
            initial={filters.q}
            onSearch={(q) => update({ q })}
          />
          <Select
            label={t('seoRedirects.filter.status')}
            value={filters.statusCode}
            onChange={(value) => update({ statusCode: value ?? '' })}
            allowDeselect={false}
            data={[
              { value: '', label: t('seoRedirects.filter.anyStatus') },
              ...REDIRECT_STATUS_CODES.map((code) => ({
                value: String(code),
                label: `${code} ${t(`seoRedirects.status.s${code}`)}`,
              })),
            ]}
          />
          <Select
            label={t('seoRedirects.filter.state')}
            value={filters.state}
            onChange={(value) => update({ state: value ?? '' })}
            allowDeselect={false}
            data={[
              { value: '', label: t('seoRedirects.filter.anyState') },
              { value: 'active', label: t('seoRedirects.state.active') },
              { value: 'inactive', label: t('seoRedirects.state.inactive') },
              { value: 'expired', label: t('seoRedirects.state.expired') },
            ]}
          />
        </SimpleGrid>
      </FilterPanel>
      <RequestErrorAlert error={list.error} />
      {list.isPending ? (
        <ScreenLoader />
      ) : (
        <PagedTable
          count={t('seoRedirects.list.total', { count: list.data?.total ?? 0 })}
          label={t('seoRedirects.list.caption')}
          minWidth={760}
          highlightOnHover
          columns={[
            t('seoRedirects.column.source'),
            t('seoRedirects.column.target'),
            t('seoRedirects.column.status'),
            { label: t('seoRedirects.column.priority'), align: 'right' },
            t('seoRedirects.column.language'),
            t('seoRedirects.column.state'),
            t('seoRedirects.column.actions'),
          ]}
          empty={t('seoRedirects.list.empty')}
          rows={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          pageSize={REDIRECTS_PAGE_SIZE}
          page={filters.page}
          onPage={(page) => setFilters((current) => ({ ...current, page }))}
          renderRow={(rule) => {
            const state = stateOf(rule)
            return (
              <Table.Tr key={rule.id}>
                <Table.Td>
                  <Stack gap={2}>
                    <Code style={{ wordBreak: 'break-all' }}>{rule.source}</Code>
                    <Group gap={4}>
                      {rule.sourceType === 'regex' && (
                        <Badge size="xs" variant="light">
                          {t('seoRedirects.sourceType.regex')}
                        </Badge>
                      )}
                      {rule.origin !== 'manual' && (
                        <Badge size="xs" variant="outline" color="gray">
                          {rule.origin === 'slug'
                            ? t('seoRedirects.origin.slug')
                            : t('seoRedirects.origin.import')}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Code style={{ wordBreak: 'break-all' }}>{rule.target}</Code>
                </Table.Td>
                <Table.Td>{rule.statusCode}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{rule.priority}</Table.Td>
                <Table.Td>{rule.language ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[state]} variant="light">
                    {t(`seoRedirects.state.${state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setEditing(rule)}
                      aria-label={t('seoRedirects.action.edit', { source: rule.source })}
                    >
                      {t('seoRedirects.action.editShort')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('seoRedirects.action.delete', { source: rule.source })}
                      onClick={() => setDeleting(rule)}
                    >
                      {t('seoRedirects.action.deleteShort')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )
          }}
        />
      )}

      <RedirectEditor
        opened={editing !== null}
        rule={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          setNotice(t('seoRedirects.notice.saved'))
        }}
      />
      <RedirectImport opened={importing} onClose={() => setImporting(false)} />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('seoRedirects.delete.confirm', { source: deleting?.source ?? '' })}
      >
        <Stack>
          <RequestErrorAlert error={remove.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('seoRedirects.action.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
              data-autofocus
            >
              {t('seoRedirects.action.delete', { source: deleting?.source ?? '' })}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={confirmCleanup}
        onClose={() => setConfirmCleanup(false)}
        title={t('seoRedirects.action.cleanup')}
      >
        <Stack>
          <Text>{t('seoRedirects.cleanup.confirm')}</Text>
          <RequestErrorAlert error={cleanup.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCleanup(false)}>
              {t('seoRedirects.action.cancel')}
            </Button>
            <Button
              color="red"
              loading={cleanup.isPending}
              onClick={() => cleanup.mutate()}
              data-autofocus
            >
              {t('seoRedirects.action.cleanup')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

/** "Test a URL": the rules that answer it, hop by hop, and where a visitor ends up. */
function UrlTester() {
  const { t } = useTranslation()
  const [url, setUrl] = useState('')
  const test = useMutation({ mutationFn: testRedirectUrl })
  const result = test.data
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="redirect-test-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="redirect-test-title">
          {t('seoRedirects.test.title')}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (url.trim()) test.mutate(url.trim())
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('seoRedirects.test.url')}
              placeholder="/cs/…"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" variant="light" loading={test.isPending}>
              {t('seoRedirects.action.test')}
            </Button>
          </Group>
        </form>
        <RequestErrorAlert error={test.error} />
        {result && (
          <div role="status">
            {!result.matched ? (
              <Text size="sm">{t('seoRedirects.test.noMatch')}</Text>
            ) : (
              <Stack gap={4}>
                <List size="sm" spacing={2} type="ordered">
                  {result.hops.map((hop, index) => (
                    <List.Item key={index} style={{ wordBreak: 'break-all' }}>
                      {t('seoRedirects.test.hop', {
                        from: hop.from,
                        to: hop.to,
                        status: hop.statusCode,
                        id: hop.redirectId,
                      })}
                    </List.Item>
                  ))}
                </List>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                  {result.finalTarget === null
                    ? t('seoRedirects.test.loop')
                    : t('seoRedirects.test.final', { target: result.finalTarget })}
                </Text>
              </Stack>
            )}
          </div>
        )}
      </Stack>
    </Paper>
  )
}
