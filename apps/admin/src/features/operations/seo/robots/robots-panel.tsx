import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { SITEMAP_KINDS, ROBOTS_TXT_MAX_LENGTH } from '@optika/domain/operations/seo-site'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import {
  useRegenerateSitemap,
  useRobotsTxts,
  useSaveRobotsTxt,
  useSitemapState,
} from '../api/seo-site-api.ts'

/** robots.txt per site and the sitemap's state. */
export function RobotsPanel() {
  return (
    <Stack gap="xl">
      <RobotsEditor />
      <SitemapCard />
    </Stack>
  )
}

function RobotsEditor() {
  const { t } = useTranslation()
  const format = useFormats()
  const robots = useRobotsTxts()
  const save = useSaveRobotsTxt()
  const [siteId, setSiteId] = useState(0)
  const [draft, setDraft] = useState<string | null>(null)
  const [savedAt, setSavedAt] = useState<string | null>(null)
  const entry = robots.data?.find((item) => item.siteId === siteId) ?? robots.data?.[0]
  const text = draft ?? entry?.content ?? ''
  const dirty = draft !== null && draft !== entry?.content

  if (robots.isPending) return <ScreenLoader />
  const items = robots.data ?? []
  if (!entry) return <RequestErrorAlert error={robots.error} />

  const siteLabel = (name: string) => (name === '' ? t('seoSite.robots.mainShop') : name)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      { siteId: entry.siteId, content: text },
      {
        onSuccess: () => {
          setDraft(null)
          setSavedAt(new Date().toISOString())
        },
      },
    )
  }
  const publicAddress = entry.host ? `//${entry.host}/robots.txt` : '/robots.txt'
  return (
    <form onSubmit={submit} aria-labelledby="robots-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="robots-title">
          robots.txt
        </Title>
        <Text size="sm" c="dimmed">
          {t('seoSite.robots.help')}
        </Text>
        {items.length > 1 && (
          <Select
            label={t('seoSite.robots.site')}
            data={items.map((item) => ({
              value: String(item.siteId),
              label: siteLabel(item.siteName),
            }))}
            value={String(entry.siteId)}
            onChange={(value) => {
              setSiteId(Number(value ?? 0))
              setDraft(null)
              setSavedAt(null)
            }}
            allowDeselect={false}
            maw={420}
          />
        )}
        <Group gap="xs">
          {entry.isDefault ? (
            <Badge variant="light" color="gray">
              {t('seoSite.robots.default')}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {t('seoSite.robots.updatedAt', { date: format.dateTime(entry.updatedAt) })}
            </Text>
          )}
          <Anchor href={publicAddress} target="_blank" rel="noopener" size="sm">
            {t('seoSite.robots.open')}
          </Anchor>
        </Group>
        <Textarea
          label={t('seoSite.robots.content', { site: siteLabel(entry.siteName) })}
          value={text}
          onChange={(event) => {
            setDraft(event.currentTarget.value)
            setSavedAt(null)
          }}
          onKeyDown={(event) => {
            // Ctrl+S / ⌘S saves, as in an editor.
            if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
              event.preventDefault()
              event.currentTarget.form?.requestSubmit()
            }
          }}
          autosize
          minRows={8}
          maxRows={24}
          maxLength={ROBOTS_TXT_MAX_LENGTH}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          description={t('seoSite.robots.shortcut')}
        />
        <RequestErrorAlert error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            {t('seoSite.robots.save')}
          </Button>
          <Button variant="default" disabled={!dirty} onClick={() => setDraft(null)}>
            {t('seoSite.robots.discard')}
          </Button>
          <Text size="sm" role="status" fw={savedAt ? 600 : undefined}>
            {savedAt ? t('seoSite.robots.saved') : dirty ? t('seoSite.robots.unsaved') : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  )
}

function SitemapCard() {
  const { t } = useTranslation()
  const format = useFormats()
  const state = useSitemapState()
  const regenerate = useRegenerateSitemap()
  if (state.isPending) return <ScreenLoader />
  if (!state.data) return <RequestErrorAlert error={state.error} />
  const data = state.data
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sitemap-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="sitemap-title">
            {t('seoSite.sitemap.title')}
          </Title>
          {data.pending && (
            <Badge color="blue" variant="light">
              {t('seoSite.sitemap.pending')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('seoSite.sitemap.help')}
        </Text>
        <Text size="sm" role="status">
          {data.generatedAt
            ? t('seoSite.sitemap.generatedAt', {
                date: format.dateTime(data.generatedAt),
                seconds: (data.durationMs / 1000).toFixed(1),
              })
            : t('seoSite.sitemap.never')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {SITEMAP_KINDS.map((kind) => (
            <div key={kind}>
              <Text size="xs" c="dimmed">
                {t(`seoSite.sitemap.kind.${kind}`)}
              </Text>
              <Text fw={600}>{data.urlCounts[kind] ?? 0}</Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="sm">{t('seoSite.sitemap.files', { count: data.files.length })}</Text>
        <Group>
          <Anchor
            href={data.indexUrl}
            target="_blank"
            rel="noopener"
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {data.indexUrl}
          </Anchor>
        </Group>
        <RequestErrorAlert error={regenerate.error} />
        <Group>
          <Button
            variant="light"
            loading={regenerate.isPending}
            disabled={data.pending}
            onClick={() => regenerate.mutate()}
          >
            {t('seoSite.sitemap.regenerate')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
