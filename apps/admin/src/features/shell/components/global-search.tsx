import { Box, Popover, Text, TextInput, VisuallyHidden } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

/** The header's search box; the search itself arrives with the backend search feature. */
export function GlobalSearch() {
  const { t } = useTranslation()
  const [noticeOpened, setNoticeOpened] = useState(false)
  const notice = t('admin.search.pending')
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setNoticeOpened(true)
  }
  return (
    // Narrow phones get the navigation and the language instead; search needs room to be useful.
    <Box
      component="form"
      role="search"
      onSubmit={search}
      visibleFrom="sm"
      style={{ flex: '0 1 28rem', minWidth: 0 }}
    >
      {/* withRoles off: a search box is no popup trigger; the notice is announced by the status below. */}
      <Popover
        opened={noticeOpened}
        onChange={setNoticeOpened}
        position="bottom-start"
        withArrow
        withRoles={false}
      >
        <Popover.Target>
          <TextInput
            type="search"
            name="q"
            aria-label={t('admin.search.label')}
            placeholder={t('admin.search.placeholder')}
            size="sm"
            radius="xl"
            onBlur={() => setNoticeOpened(false)}
          />
        </Popover.Target>
        <Popover.Dropdown aria-hidden>
          <Text size="sm">{notice}</Text>
        </Popover.Dropdown>
      </Popover>
      <VisuallyHidden role="status">{noticeOpened ? notice : ''}</VisuallyHidden>
    </Box>
  )
}
