import { Anchor, Loader, Paper, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useRequestError } from '../../../../lib/form-errors.ts'
import { useUserSearch } from '../api/users-api.ts'

/** Finds users by username, name or e-mail; a result opens the user in the editor (?user=ID). */
export function UserSearch() {
  const { t } = useTranslation()
  const requestError = useRequestError()
  const [query, setQuery] = useState('')
  const [debounced] = useDebouncedValue(query.trim(), 300)
  const search = useUserSearch(debounced)
  const resultsId = 'user-search-results'
  return (
    <Paper withBorder radius="md" p="sm" role="search" aria-label={t('admin.users.search.label')}>
      <Stack gap="xs">
        <TextInput
          type="search"
          label={t('admin.users.search.label')}
          placeholder={t('admin.users.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          maxLength={100}
          aria-controls={debounced === '' ? undefined : resultsId}
          rightSection={
            search.isFetching ? (
              <Loader size="xs" role="status" aria-label={t('admin.loading')} />
            ) : undefined
          }
        />
        {debounced !== '' && (
          <div id={resultsId} aria-live="polite">
            {search.isError ? (
              <Text c="red" size="sm" role="alert">
                {requestError(search.error)}
              </Text>
            ) : search.data === undefined ? null : search.data.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('admin.users.search.empty')}
              </Text>
            ) : (
              <Stack
                component="ul"
                gap={4}
                aria-label={t('admin.users.search.results')}
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
              >
                {search.data.map((hit) => (
                  <li key={hit.id}>
                    <Anchor component={Link} to={{ search: `?user=${hit.id}` }} size="sm">
                      {hit.username}
                    </Anchor>
                    {(hit.name !== '' || hit.email !== '') && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        {[hit.name, hit.email].filter((part) => part !== '').join(' · ')}
                      </Text>
                    )}
                  </li>
                ))}
              </Stack>
            )}
          </div>
        )}
      </Stack>
    </Paper>
  )
}
