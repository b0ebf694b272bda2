import {
  Anchor,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LOCALES } from '@optika/i18n/locales'
import {
  FORUM_MODERATION_ACTIONS,
  type AdminForumBoard,
  type AdminForumBoardInput,
  type ForumModerationAction,
} from '@optika/domain/community/forum-moderation-admin-api'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { PagedTable } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import {
  MODERATION_LOG_PAGE_SIZE,
  useForumBoards,
  useForumModerators,
  useModerationLog,
  useSaveForumBoard,
} from '../api/forum-admin-api.ts'

const ACTION_KEYS = {
  hide: 'forumModeration.admin.action.hide',
  restore: 'forumModeration.admin.action.restore',
  lock: 'forumModeration.admin.action.lock',
  unlock: 'forumModeration.admin.action.unlock',
  move: 'forumModeration.admin.action.move',
  'dismiss-report': 'forumModeration.admin.action.dismissReport',
} as const satisfies Record<ForumModerationAction, string>

/** A board key stored in a log entry's details ('' when it is not one). */
const boardKeyOf = (value: unknown) => (typeof value === 'string' ? value : '')

const emptyTexts = () =>
  Object.fromEntries(LOCALES.map((locale) => [locale, ''])) as AdminForumBoardInput['titles']

function inputOf(board: AdminForumBoard | null, nextPosition: number): AdminForumBoardInput {
  if (!board) {
    return {
      key: '',
      titles: emptyTexts(),
      descriptions: emptyTexts(),
      position: nextPosition,
      partnersOnly: false,
    }
  }
  const texts = (stored: Record<string, string>) =>
    Object.fromEntries(
      LOCALES.map((locale) => [locale, stored[locale] ?? '']),
    ) as AdminForumBoardInput['titles']
  return {
    key: board.key,
    titles: texts(board.titles),
    descriptions: texts(board.descriptions),
    position: board.position,
    partnersOnly: board.partnersOnly,
  }
}

/** The board editor: address, order, who may post, a title and description per language. */
function BoardEditor({
  board,
  nextPosition,
  onClose,
}: {
  board: AdminForumBoard | null
  nextPosition: number
  onClose: () => void
}) {
  const { t } = useTranslation()
  const save = useSaveForumBoard()
  const form = useForm<AdminForumBoardInput>({
    mode: 'controlled',
    initialValues: inputOf(board, nextPosition),
  })
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate({ id: board?.id ?? null, input: values }, { onSuccess: onClose }),
      )}
    >
      <Stack gap="md">
        <RequestErrorAlert error={save.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('forumModeration.admin.board.key')}
            required
            {...form.getInputProps('key')}
          />
          <NumberInput
            label={t('forumModeration.admin.board.position')}
            min={0}
            max={10_000}
            {...form.getInputProps('position')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('forumModeration.admin.board.partnersOnly')}
          {...form.getInputProps('partnersOnly', { type: 'checkbox' })}
        />
        {LOCALES.map((locale) => (
          <SimpleGrid key={locale} cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('forumModeration.admin.board.title', { language: locale })}
              lang={locale}
              required={locale === 'en'}
              {...form.getInputProps(`titles.${locale}`)}
            />
            <TextInput
              label={t('forumModeration.admin.board.description', { language: locale })}
              lang={locale}
              {...form.getInputProps(`descriptions.${locale}`)}
            />
          </SimpleGrid>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('forumModeration.report.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('forumModeration.admin.board.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function BoardsTab() {
  const { t, i18n } = useTranslation()
  const boards = useForumBoards()
  const [editing, setEditing] = useState<AdminForumBoard | 'new' | null>(null)
  const titleOf = (board: AdminForumBoard) =>
    board.titles[i18n.language] ?? board.titles.en ?? board.key
  const list = boards.data ?? []
  const nextPosition = list.reduce((highest, board) => Math.max(highest, board.position), 0) + 1
  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing('new')}>{t('forumModeration.admin.board.add')}</Button>
      </Group>
      {boards.isPending && <ScreenLoader />}
      <RequestErrorAlert error={boards.error} />
      {boards.isSuccess && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder aria-label={t('forumModeration.admin.tab.boards')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('forumModeration.admin.board.position')}</Table.Th>
                <Table.Th>{t('forumModeration.admin.board.key')}</Table.Th>
                <Table.Th>
                  {t('forumModeration.admin.board.title', { language: i18n.language })}
                </Table.Th>
                <Table.Th>{t('forumModeration.admin.board.partnersOnly')}</Table.Th>
                <Table.Th>{t('forumModeration.admin.board.threads')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6} c="dimmed">
                    {t('forumModeration.admin.board.empty')}
                  </Table.Td>
                </Table.Tr>
              )}
              {list.map((board) => (
                <Table.Tr key={board.id}>
                  <Table.Td>{board.position}</Table.Td>
                  <Table.Td>
                    <Code>{board.key}</Code>
                  </Table.Td>
                  <Table.Td>{titleOf(board)}</Table.Td>
                  <Table.Td>
                    {board.partnersOnly
                      ? t('forumModeration.admin.yes')
                      : t('forumModeration.admin.no')}
                  </Table.Td>
                  <Table.Td>{board.threadCount}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(board)}
                      aria-label={t('forumModeration.admin.board.edit', { key: board.key })}
                    >
                      {t('forumModeration.admin.board.editShort')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="xl"
        title={
          editing === 'new' || editing === null
            ? t('forumModeration.admin.board.add')
            : t('forumModeration.admin.board.edit', { key: editing.key })
        }
      >
        {editing !== null && (
          <BoardEditor
            board={editing === 'new' ? null : editing}
            nextPosition={nextPosition}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  )
}

function LogTab() {
  const { t, i18n } = useTranslation()
  const [page, setPage] = useState(1)
  const [action, setAction] = useState<ForumModerationAction | null>(null)
  const log = useModerationLog(page, action)
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return (
    <Stack gap="md">
      <Select
        label={t('forumModeration.admin.log.action')}
        placeholder={t('forumModeration.admin.log.allActions')}
        data={FORUM_MODERATION_ACTIONS.map((value) => ({ value, label: t(ACTION_KEYS[value]) }))}
        value={action}
        onChange={(value) => {
          setAction(value)
          setPage(1)
        }}
        clearable
        maw={320}
      />
      {log.isPending && <ScreenLoader />}
      <RequestErrorAlert error={log.error} />
      {log.isSuccess && (
        <PagedTable
          count={t('forumModeration.admin.log.count', { count: log.data.total })}
          label={t('forumModeration.admin.tab.log')}
          minWidth={900}
          columns={[
            t('forumModeration.admin.log.at'),
            t('forumModeration.admin.log.moderator'),
            t('forumModeration.admin.log.action'),
            t('forumModeration.admin.log.target'),
            t('forumModeration.admin.log.reason'),
          ]}
          empty={t('forumModeration.admin.log.empty')}
          rows={log.data.entries}
          renderRow={(entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{dateTime.format(new Date(entry.at))}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/shop-customers/${entry.moderator.id}`}>
                  {entry.moderator.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(ACTION_KEYS[entry.action])}</Table.Td>
              <Table.Td>
                {entry.link ? (
                  <Anchor href={entry.link} target="_blank" rel="noopener">
                    {entry.threadTitle}
                    {entry.postId !== null ? ` #${entry.postId}` : ''}
                  </Anchor>
                ) : (
                  [entry.threadId, entry.postId].filter((id) => id !== null).join(' #')
                )}
                {entry.action === 'move' && (
                  <Text size="xs" c="dimmed">
                    {boardKeyOf(entry.details.fromBoardKey)} →{' '}
                    {boardKeyOf(entry.details.toBoardKey)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={360}>{entry.reason ?? ''}</Table.Td>
            </Table.Tr>
          )}
          total={log.data.total}
          pageSize={MODERATION_LOG_PAGE_SIZE}
          page={page}
          onPage={setPage}
        />
      )}
    </Stack>
  )
}

function ModeratorsTab() {
  const { t, i18n } = useTranslation()
  const moderators = useForumModerators()
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  return (
    <Stack gap="md">
      <Text size="sm">{t('forumModeration.admin.moderators.hint')}</Text>
      {moderators.isPending && <ScreenLoader />}
      <RequestErrorAlert error={moderators.error} />
      {moderators.isSuccess && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder aria-label={t('forumModeration.admin.tab.moderators')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('forumModeration.admin.moderators.name')}</Table.Th>
                <Table.Th>{t('forumModeration.admin.moderators.email')}</Table.Th>
                <Table.Th>{t('forumModeration.admin.moderators.clientNumber')}</Table.Th>
                <Table.Th>{t('forumModeration.admin.moderators.actions')}</Table.Th>
                <Table.Th>{t('forumModeration.admin.moderators.lastAction')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {moderators.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5} c="dimmed">
                    {t('forumModeration.admin.moderators.empty')}
                  </Table.Td>
                </Table.Tr>
              )}
              {moderators.data.map((moderator) => (
                <Table.Tr key={moderator.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/shop-customers/${moderator.id}`}>
                      {moderator.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{moderator.email}</Table.Td>
                  <Table.Td>{moderator.clientNumber}</Table.Td>
                  <Table.Td>{moderator.actions}</Table.Td>
                  <Table.Td>
                    {moderator.lastActionAt
                      ? dateTime.format(new Date(moderator.lastActionAt))
                      : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}

/**
 * /admin/forum — the storefront forum's boards (add, rename in six languages, order, who may
 * post), the moderators' log and the customers who hold the moderator flag.
 */
export function ForumScreen() {
  const { t } = useTranslation()
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.forum')}
        description={t('admin.screen.forum.description')}
      />
      <Tabs defaultValue="boards" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="boards">{t('forumModeration.admin.tab.boards')}</Tabs.Tab>
          <Tabs.Tab value="log">{t('forumModeration.admin.tab.log')}</Tabs.Tab>
          <Tabs.Tab value="moderators">{t('forumModeration.admin.tab.moderators')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="boards" pt="lg">
          <BoardsTab />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="lg">
          <LogTab />
        </Tabs.Panel>
        <Tabs.Panel value="moderators" pt="lg">
          <ModeratorsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
