import { Box, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ELEMENT_TYPES } from '@optika/domain/pim/element-api'
import type { AdminSearchHit } from '@optika/domain/operations/admin-search'
import { editorPathOf, useQuickSearch } from '../../operations/search/api/admin-search-api.ts'

const ALL_RESULTS = '__all__'

/**
 * The header's search box: an ARIA combobox whose quick results (objects, assets, documents,
 * grouped) come as one types; ↑/↓ choose, Enter opens the chosen element's editor — or, with
 * none chosen, the full results — and Esc closes the list.
 */
export function GlobalSearch() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const [text] = useDebouncedValue(value.trim(), 250)
  const quick = useQuickSearch(text)
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const hits = text.length >= 2 ? (quick.data?.data ?? []) : []
  const showAll = () => {
    combobox.closeDropdown()
    // The state tells an open results screen to take the new text into its own search field.
    void navigate(`/search-results?${new URLSearchParams({ q: value.trim() }).toString()}`, {
      state: { headerSearch: Date.now() },
    })
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (value.trim() !== '') showAll()
  }
  const byType = (type: AdminSearchHit['elementType']) =>
    hits.filter((hit) => hit.elementType === type)
  return (
    // Narrow phones get the navigation and the language instead; search needs room to be useful.
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      visibleFrom="sm"
      style={{ flex: '0 1 28rem', minWidth: 0 }}
    >
      <Combobox
        store={combobox}
        onOptionSubmit={(option) => {
          if (option === ALL_RESULTS) return showAll()
          const [type, id] = option.split(':')
          const hit = hits.find((item) => `${item.elementType}:${item.id}` === `${type}:${id}`)
          combobox.closeDropdown()
          if (hit) void navigate(editorPathOf(hit.elementType, hit.id))
        }}
      >
        <Combobox.Target withExpandedAttribute>
          {/* type text: a search field's own Esc would clear the text instead of closing the list. */}
          <TextInput
            name="q"
            aria-label={t('admin.search.label')}
            placeholder={t('admin.search.placeholder')}
            size="sm"
            radius="xl"
            value={value}
            autoComplete="off"
            rightSection={quick.isFetching && text.length >= 2 ? <Loader size="xs" /> : null}
            onChange={(event) => {
              setValue(event.currentTarget.value)
              combobox.openDropdown()
              combobox.resetSelectedOption()
            }}
            onFocus={() => {
              if (value.trim().length >= 2) combobox.openDropdown()
            }}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={text.length < 2}>
          <Combobox.Options mah="60vh" style={{ overflowY: 'auto' }}>
            {quick.isSuccess && hits.length === 0 && (
              <Combobox.Empty>{t('adminSearch.quick.empty')}</Combobox.Empty>
            )}
            {ELEMENT_TYPES.map((type) =>
              byType(type).length === 0 ? null : (
                <Combobox.Group key={type} label={t(`adminSearch.type.${type}`)}>
                  {byType(type).map((hit) => (
                    <Combobox.Option
                      key={`${hit.elementType}:${hit.id}`}
                      value={`${hit.elementType}:${hit.id}`}
                    >
                      <Group gap="xs" wrap="nowrap" justify="space-between">
                        <Text size="sm" truncate>
                          {hit.key}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {hit.path}
                        </Text>
                      </Group>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              ),
            )}
            <Combobox.Option value={ALL_RESULTS}>
              <Text size="sm" fw={500}>
                {t('adminSearch.quick.all', { text })}
              </Text>
            </Combobox.Option>
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Box>
  )
}
