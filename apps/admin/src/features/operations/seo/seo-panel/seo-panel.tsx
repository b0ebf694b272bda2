import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  type SeoIssue,
  type SeoNode,
} from '@optika/domain/operations/seo-site'
import { LOCALES, isLocale, type Locale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useSaveSeo, useSeoNodes } from '../api/seo-site-api.ts'

/**
 * The titles and descriptions search engines show, over the document tree and the category tree:
 * lengths counted, missing or too long ones flagged, each editable in place (Enter saves, Esc
 * cancels).
 */
export function SeoPanel() {
  const { t, i18n } = useTranslation()
  const [language, setLanguage] = useState<Locale>(isLocale(i18n.language) ? i18n.language : 'cs')
  const [onlyIssues, setOnlyIssues] = useState(false)
  const roots = useSeoNodes('root', language)
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('seoSite.seoPanel.help', { title: SEO_TITLE_MAX, description: SEO_DESCRIPTION_MAX })}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('seoSite.seoPanel.categoryLanguage')}
          data={LOCALES.map((locale) => ({ value: locale, label: locale.toUpperCase() }))}
          value={language}
          onChange={(value) => {
            if (isLocale(value)) setLanguage(value)
          }}
          allowDeselect={false}
          w={160}
        />
        <Button
          variant={onlyIssues ? 'filled' : 'default'}
          onClick={() => setOnlyIssues((v) => !v)}
          aria-pressed={onlyIssues}
        >
          {t('seoSite.seoPanel.onlyIssues')}
        </Button>
      </Group>
      {roots.isPending && <ScreenLoader />}
      <RequestErrorAlert error={roots.error} />
      {roots.data && (
        <Box component="ul" aria-label={t('seoSite.tab.seoPanel')} p={0} m={0}>
          {roots.data.map((node) => (
            <SeoTreeItem
              key={node.id}
              node={node}
              depth={0}
              language={language}
              onlyIssues={onlyIssues}
              initiallyOpen
            />
          ))}
        </Box>
      )}
    </Stack>
  )
}

/** The two top nodes are named by the screen, in the user's language. */
function useNodeLabel(node: SeoNode): string {
  const { t } = useTranslation()
  if (node.id === 'document-1') return t('seoSite.seoPanel.documents')
  if (node.id === 'categories') return t('seoSite.seoPanel.categories')
  return node.label
}

function SeoTreeItem({
  node,
  depth,
  language,
  onlyIssues,
  initiallyOpen = false,
}: {
  node: SeoNode
  depth: number
  language: Locale
  onlyIssues: boolean
  initiallyOpen?: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(initiallyOpen)
  const [editing, setEditing] = useState(false)
  const children = useSeoNodes(node.id, language, open && node.hasChildren)
  const label = useNodeLabel(node)
  const hidden = onlyIssues && node.hasSeo && node.issues.length === 0 && !node.hasChildren
  if (hidden) return null
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <Box
        pl={`calc(${depth} * var(--mantine-spacing-md))`}
        py={6}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {node.hasChildren ? (
            <ActionIcon
              variant="subtle"
              onClick={() => setOpen((value) => !value)}
              aria-label={t(open ? 'seoSite.seoPanel.collapse' : 'seoSite.seoPanel.expand', {
                name: label,
              })}
              aria-expanded={open}
            >
              <span aria-hidden>{open ? '▾' : '▸'}</span>
            </ActionIcon>
          ) : (
            <Box w={28} style={{ flexShrink: 0 }} />
          )}
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                {label}
              </Text>
              {!node.published && (
                <Badge size="xs" color="gray" variant="light">
                  {t('seoSite.seoPanel.unpublished')}
                </Badge>
              )}
              {node.issues.map((issue) => (
                <IssueBadge key={issue} issue={issue} />
              ))}
            </Group>
            {node.kind !== 'folder' && (
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {node.path}
              </Text>
            )}
            {node.hasSeo && !editing && (
              <Stack gap={0}>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {node.title || '—'}{' '}
                  <Text span size="xs" c={node.titleLength > SEO_TITLE_MAX ? 'red.9' : 'dimmed'}>
                    ({t('seoSite.seoPanel.characters', { count: node.titleLength })})
                  </Text>
                </Text>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {node.description || '—'}{' '}
                  <Text
                    span
                    size="xs"
                    c={node.descriptionLength > SEO_DESCRIPTION_MAX ? 'red.9' : 'dimmed'}
                  >
                    ({t('seoSite.seoPanel.characters', { count: node.descriptionLength })})
                  </Text>
                </Text>
              </Stack>
            )}
            {editing && (
              <SeoEditor node={node} language={language} onDone={() => setEditing(false)} />
            )}
          </Stack>
          {node.hasSeo && !editing && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing(true)}
              aria-label={t('seoSite.seoPanel.editNamed', { name: label })}
            >
              {t('seoSite.seoPanel.edit')}
            </Button>
          )}
        </Group>
      </Box>
      {open && node.hasChildren && (
        <Box component="ul" aria-label={label} p={0} m={0}>
          {children.isPending && (
            <li style={{ listStyle: 'none' }}>
              <ScreenLoader />
            </li>
          )}
          {children.error && (
            <li style={{ listStyle: 'none' }}>
              <RequestErrorAlert error={children.error} />
            </li>
          )}
          {children.data?.map((child) => (
            <SeoTreeItem
              key={child.id}
              node={child}
              depth={depth + 1}
              language={language}
              onlyIssues={onlyIssues}
            />
          ))}
        </Box>
      )}
    </Box>
  )
}

function IssueBadge({ issue }: { issue: SeoIssue }) {
  const { t } = useTranslation()
  return (
    <Badge size="xs" color={issue.endsWith('Missing') ? 'orange' : 'red'} variant="light">
      {t(`seoSite.seoPanel.issue.${issue}`)}
    </Badge>
  )
}

function SeoEditor({
  node,
  language,
  onDone,
}: {
  node: SeoNode
  language: Locale
  onDone: () => void
}) {
  const { t } = useTranslation()
  const save = useSaveSeo()
  const [title, setTitle] = useState(node.title)
  const [description, setDescription] = useState(node.description)
  const id = Number(node.id.split('-')[1])
  const isCategory = node.kind === 'category'
  const submit = () => {
    save.mutate(
      isCategory
        ? { kind: 'category', id, language, description }
        : { kind: 'document', id, title, description },
      { onSuccess: onDone },
    )
  }
  // Enter saves (Shift+Enter is a line break in the description); Esc cancels.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onDone()
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      submit()
    }
  }
  return (
    <Stack gap="xs" mt={4}>
      <TextInput
        label={t('seoSite.seoPanel.titleLabel')}
        description={
          isCategory
            ? t('seoSite.seoPanel.categoryTitleHint')
            : t('seoSite.seoPanel.length', { count: title.length, max: SEO_TITLE_MAX })
        }
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        readOnly={isCategory}
        maxLength={300}
        data-autofocus
        autoFocus={!isCategory}
        error={
          !isCategory && title.length > SEO_TITLE_MAX
            ? t('seoSite.seoPanel.issue.titleTooLong')
            : undefined
        }
      />
      <Textarea
        label={t('seoSite.seoPanel.descriptionLabel')}
        description={t('seoSite.seoPanel.length', {
          count: description.length,
          max: SEO_DESCRIPTION_MAX,
        })}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoFocus={isCategory}
        autosize
        minRows={2}
        maxLength={1_000}
        error={
          description.length > SEO_DESCRIPTION_MAX
            ? t('seoSite.seoPanel.issue.descriptionTooLong')
            : undefined
        }
      />
      <RequestErrorAlert error={save.error} />
      <Group gap="xs">
        <Button size="xs" onClick={submit} loading={save.isPending}>
          {t('seoSite.seoPanel.save')}
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          {t('seoSite.seoPanel.cancel')}
        </Button>
      </Group>
    </Stack>
  )
}
