import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { useDebouncedValue } from '@mantine/hooks'
import {
  Badge,
  Button,
  Group,
  Menu,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { LOCALES } from '@optika/i18n/locales'
import type { Locale } from '@optika/i18n/locales'
import type { TranslationDomain } from '@optika/domain/operations/translations'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { TablePager } from '../../../../components/table-pager.tsx'
import {
  deleteTranslationKey,
  exportUrl,
  translationKeys,
  useTranslationList,
} from '../api/translations-api.ts'
import { TranslationCell } from './translation-cell.tsx'
import { AddKeyDialog } from './add-key-dialog.tsx'
import { ImportDialog } from './import-dialog.tsx'
import { CleanupDialog } from './cleanup-dialog.tsx'

const PAGE_SIZE = 50

/**
 * The shared dictionary: keys × languages, searched and filtered on the server (10,000+ keys),
 * edited in place (Enter saves, Esc cancels); keys added and deleted; import with a preview,
 * export, cleanup. A saved text shows on the storefront at once.
 */
export function TranslationsPanel() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [domain, setDomain] = useState<TranslationDomain>('website')
  const [searchInput, setSearchInput] = useState('')
  const [search] = useDebouncedValue(searchInput.trim(), 300)
  const [missing, setMissing] = useState<Locale | ''>('')
  const [changedSince, setChangedSince] = useState('')
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState('')
  const [error, setError] = useState<unknown>(null)
  const [dialog, setDialog] = useState<'add' | 'import' | 'cleanup' | null>(null)

  const query = {
    domain,
    search,
    sort: 'key' as const,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...(missing ? { missing } : {}),
    ...(changedSince ? { changedSince } : {}),
  }
  const list = useTranslationList(query)
  const refresh = () => queryClient.invalidateQueries({ queryKey: translationKeys.all })
  const resetPage = () => setPage(1)

  async function remove(key: string) {
    if (!window.confirm(t('adminTranslations.delete.confirm', { key }))) return
    try {
      setError(null)
      await deleteTranslationKey(key)
      setStatus(t('adminTranslations.delete.done', { key }))
      await refresh()
    } catch (caught) {
      setError(caught)
    }
  }

  const total = list.data?.total ?? 0
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1
  const to = Math.min(total, page * PAGE_SIZE)

  return (
    <Stack gap="md">
      <Group gap="sm" align="end" wrap="wrap">
        <SegmentedControl
          aria-label={t('adminTranslations.domain.label')}
          value={domain}
          onChange={(value) => {
            setDomain(value === 'admin' ? 'admin' : 'website')
            resetPage()
          }}
          data={[
            { value: 'website', label: t('adminTranslations.domain.website') },
            { value: 'admin', label: t('adminTranslations.domain.admin') },
          ]}
        />
        <TextInput
          type="search"
          label={t('adminTranslations.search.label')}
          value={searchInput}
          onChange={(event) => {
            setSearchInput(event.currentTarget.value)
            resetPage()
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label={t('adminTranslations.filter.missing')}
          value={missing}
          onChange={(value) => {
            setMissing(LOCALES.find((l) => l === value) ?? '')
            resetPage()
          }}
          data={[
            { value: '', label: t('adminTranslations.filter.anyLanguage') },
            ...LOCALES.map((l) => ({ value: l, label: l.toUpperCase() })),
          ]}
          allowDeselect={false}
          w="9rem"
        />
        <TextInput
          type="date"
          label={t('adminTranslations.filter.changedSince')}
          value={changedSince}
          onChange={(event) => {
            setChangedSince(event.currentTarget.value)
            resetPage()
          }}
          w="10rem"
        />
      </Group>
      <Group gap="sm" wrap="wrap">
        <Button onClick={() => setDialog('add')}>{t('adminTranslations.add.button')}</Button>
        <Button variant="default" onClick={() => setDialog('import')}>
          {t('adminTranslations.import.button')}
        </Button>
        <Menu>
          <Menu.Target>
            <Button variant="default">{t('adminTranslations.export.button')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component="a" href={exportUrl(domain, 'csv')} download>
              {t('adminTranslations.export.csv')}
            </Menu.Item>
            <Menu.Item component="a" href={exportUrl(domain, 'xlsx')} download>
              {t('adminTranslations.export.xlsx')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button variant="default" onClick={() => setDialog('cleanup')}>
          {t('adminTranslations.cleanup.button')}
        </Button>
      </Group>

      <Text size="sm" c="dimmed">
        {t('adminTranslations.edit.hint')}
      </Text>
      <Text role="status" aria-live="polite" size="sm">
        {status}
      </Text>
      <RequestErrorAlert error={error ?? list.error} />

      <Table.ScrollContainer minWidth={960}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('adminTranslations.column.key')}</Table.Th>
              {LOCALES.map((locale) => (
                <Table.Th scope="col" key={locale} lang={locale}>
                  {locale.toUpperCase()}
                </Table.Th>
              ))}
              <Table.Th scope="col">{t('adminTranslations.column.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.data.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {row.key}
                </Table.Th>
                {LOCALES.map((locale) => (
                  <Table.Td key={locale} lang={locale}>
                    <TranslationCell
                      translationKey={row.key}
                      locale={locale}
                      text={row.texts[locale] ?? ''}
                      onSaved={async () => {
                        setError(null)
                        setStatus(t('adminTranslations.edit.saved'))
                        await refresh()
                      }}
                      onError={setError}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  {row.inCatalogue ? null : (
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="subtle"
                      aria-label={t('adminTranslations.delete.label', { key: row.key })}
                      onClick={() => void remove(row.key)}
                    >
                      ✕
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && list.data.data.length === 0 ? (
        <Text>{t('adminTranslations.empty')}</Text>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Badge variant="light" size="lg">
          {t('adminTranslations.page.range', { from, to, total })}
        </Badge>
        <TablePager total={total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      </Group>

      <AddKeyDialog
        opened={dialog === 'add'}
        domain={domain}
        onClose={() => setDialog(null)}
        onAdded={async (key) => {
          setStatus(t('adminTranslations.add.done', { key }))
          setSearchInput(key)
          resetPage()
          await refresh()
        }}
      />
      <ImportDialog
        opened={dialog === 'import'}
        onClose={() => setDialog(null)}
        onApplied={async (written) => {
          setStatus(t('adminTranslations.import.done', { count: written }))
          await refresh()
        }}
      />
      <CleanupDialog
        opened={dialog === 'cleanup'}
        domain={domain}
        onClose={() => setDialog(null)}
        onDeleted={async (count) => {
          setStatus(t('adminTranslations.cleanup.done', { count }))
          await refresh()
        }}
      />
    </Stack>
  )
}
