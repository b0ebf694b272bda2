import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Chip,
  CloseButton,
  FileInput,
  Group,
  Paper,
  Progress,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  ContentElementType,
  ContentExportElement,
  ContentExportFormat,
  XliffImportResult,
  XliffVersion,
} from '@optika/domain/operations/content-export'
import { LOCALES, isLocale, type Locale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useCurrentUser } from '../../../identity/auth/api/auth-api.ts'
import { hasAnyPermission } from '../../../identity/auth/components/access-denied.tsx'
import {
  exportDownloadUrl,
  importXliffElement,
  listExportElements,
  startExport,
  uploadXliff,
  useExportElements,
  useExportJob,
} from '../api/content-export-api.ts'

type FormatChoice = 'xliff-1.2' | 'xliff-2.0' | 'word'

const FORMATS: Readonly<
  Record<FormatChoice, { format: ContentExportFormat; version: XliffVersion }>
> = {
  'xliff-1.2': { format: 'xliff', version: '1.2' },
  'xliff-2.0': { format: 'xliff', version: '2.0' },
  word: { format: 'word', version: '1.2' },
}

/** Language names in the back office's language ("Čeština (cs)"). */
function useLanguageNames(): (code: Locale) => string {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'language' })
    return (code: Locale) => {
      const name = names.of(code) ?? code
      return `${name.charAt(0).toLocaleUpperCase(i18n.language)}${name.slice(1)} (${code})`
    }
  }, [i18n.language])
}

/**
 * /admin/dictionary/content-export — documents' and objects' texts for a translator: choose
 * elements by path (with everything below, with related elements), the source and target
 * languages and the format (XLIFF 1.2/2.0, Word), run the export on the job queue and download
 * the files; import a translated XLIFF file element by element as new, unpublished versions.
 */
export function ContentExportPanel() {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  const mayXliff = hasAnyPermission(user, ['xliffExport'])
  const mayWord = hasAnyPermission(user, ['wordExport'])
  const [elements, setElements] = useState<ContentExportElement[]>([])
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('contentExport.panel.intro')}
      </Text>
      <ElementsSection elements={elements} onChange={setElements} />
      <ExportSection elements={elements} mayXliff={mayXliff} mayWord={mayWord} />
      {mayXliff && <ImportSection />}
    </Stack>
  )
}

function ElementsSection({
  elements,
  onChange,
}: {
  elements: readonly ContentExportElement[]
  onChange: (elements: ContentExportElement[]) => void
}) {
  const { t } = useTranslation()
  const [type, setType] = useState<ContentElementType>('document')
  const [path, setPath] = useState('')
  const [children, setChildren] = useState(false)
  const [relations, setRelations] = useState(false)
  const resolved = useExportElements(elements)
  // A path is checked by the server before it joins the list (it answers a translated 404).
  const check = useMutation({
    mutationFn: async (element: ContentExportElement) => {
      await listExportElements([element])
      return element
    },
    onSuccess: (element) => {
      onChange([...elements, element])
      setPath('')
    },
  })
  const add = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = path.trim()
    if (!trimmed) return
    const normalized = trimmed.startsWith('/') ? trimmed : `/${trimmed}`
    check.mutate({ type, path: normalized, children, relations })
  }
  const typeLabel = (value: ContentElementType) =>
    value === 'document'
      ? t('contentExport.elements.typeDocument')
      : t('contentExport.elements.typeObject')
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="content-export-elements">
      <Stack gap="sm">
        <Title order={3} size="h4" id="content-export-elements">
          {t('contentExport.elements.title')}
        </Title>
        <form onSubmit={add}>
          <Stack gap="xs">
            <Group align="flex-end" gap="xs" wrap="wrap">
              <Select
                label={t('contentExport.elements.type')}
                data={(['document', 'object'] as const).map((value) => ({
                  value,
                  label: typeLabel(value),
                }))}
                value={type}
                onChange={(value) => setType(value === 'object' ? 'object' : 'document')}
                allowDeselect={false}
                w={150}
              />
              <TextInput
                label={t('contentExport.elements.path')}
                placeholder={t('contentExport.elements.pathPlaceholder')}
                value={path}
                onChange={(event) => setPath(event.currentTarget.value)}
                style={{ flex: '1 1 180px', minWidth: 0 }}
                data-testid="content-export-path"
              />
              <Button type="submit" loading={check.isPending} disabled={path.trim() === ''}>
                {t('contentExport.elements.add')}
              </Button>
            </Group>
            <Group gap="md" wrap="wrap">
              <Checkbox
                label={t('contentExport.elements.children')}
                checked={children}
                onChange={(event) => setChildren(event.currentTarget.checked)}
              />
              <Checkbox
                label={t('contentExport.elements.relations')}
                checked={relations}
                onChange={(event) => setRelations(event.currentTarget.checked)}
              />
            </Group>
          </Stack>
        </form>
        <RequestErrorAlert error={check.error} />
        {elements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('contentExport.elements.empty')}
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600} component="h4" m={0}>
              {t('contentExport.elements.chosen')}
            </Text>
            <Stack
              gap={4}
              component="ul"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              aria-label={t('contentExport.elements.chosen')}
            >
              {elements.map((element, index) => (
                <Group
                  key={`${element.type}:${element.path ?? element.id}:${index}`}
                  component="li"
                  gap="xs"
                  wrap="nowrap"
                >
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    {typeLabel(element.type)}
                  </Badge>
                  <Text size="sm" style={{ wordBreak: 'break-all', flex: 1, minWidth: 0 }}>
                    {element.path ?? `#${element.id}`}
                    {element.children ? ` · ${t('contentExport.elements.withChildren')}` : ''}
                    {element.relations ? ` · ${t('contentExport.elements.withRelations')}` : ''}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('contentExport.elements.remove', {
                      path: element.path ?? `#${element.id}`,
                    })}
                    onClick={() => onChange(elements.filter((_, i) => i !== index))}
                  />
                </Group>
              ))}
            </Stack>
            <RequestErrorAlert error={resolved.error} />
            {resolved.data && (
              <Text size="sm" role="status" data-testid="content-export-count">
                {t('contentExport.elements.count', { count: resolved.data.total })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}

function ExportSection({
  elements,
  mayXliff,
  mayWord,
}: {
  elements: readonly ContentExportElement[]
  mayXliff: boolean
  mayWord: boolean
}) {
  const { t } = useTranslation()
  const languageName = useLanguageNames()
  const [source, setSource] = useState<Locale>('en')
  const [targets, setTargets] = useState<Locale[]>(['cs'])
  const choices = (['xliff-1.2', 'xliff-2.0', 'word'] as const).filter((choice) =>
    FORMATS[choice].format === 'word' ? mayWord : mayXliff,
  )
  const [choice, setChoice] = useState<FormatChoice>(choices[0] ?? 'xliff-1.2')
  const [started, setStarted] = useState<{ jobId: string; format: ContentExportFormat } | null>(
    null,
  )
  const job = useExportJob(started?.jobId ?? null)
  const run = useMutation({
    mutationFn: () => {
      const { format, version } = FORMATS[choice]
      return startExport(format, { elements: [...elements], source, target: targets, version })
    },
    onSuccess: (answer) => setStarted({ jobId: answer.jobId, format: FORMATS[choice].format }),
  })
  const files =
    job.data?.status === 'done'
      ? Object.keys((job.data.result?.files ?? {}) as Record<string, unknown>).filter(isLocale)
      : []
  const validTargets = targets.filter((l) => l !== source)
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="content-export-export">
      <Stack gap="sm">
        <Title order={3} size="h4" id="content-export-export">
          {t('contentExport.export.title')}
        </Title>
        <Select
          label={t('contentExport.export.source')}
          data={LOCALES.map((code) => ({ value: code, label: languageName(code) }))}
          value={source}
          onChange={(value) => value && isLocale(value) && setSource(value)}
          allowDeselect={false}
          maw={320}
        />
        <Stack gap={4} role="group" aria-labelledby="content-export-targets">
          <Text size="sm" fw={500} id="content-export-targets">
            {t('contentExport.export.targets')}
          </Text>
          <Chip.Group
            multiple
            value={targets}
            onChange={(values) => setTargets(values.filter(isLocale))}
          >
            <Group gap="xs" wrap="wrap">
              {LOCALES.filter((code) => code !== source).map((code) => (
                <Chip key={code} value={code} size="sm">
                  {languageName(code)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
        <Radio.Group
          label={t('contentExport.export.format')}
          value={choice}
          onChange={(value) => setChoice(value)}
        >
          <Group gap="md" mt={4} wrap="wrap">
            {choices.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(
                  value === 'word'
                    ? 'contentExport.export.formatWord'
                    : value === 'xliff-2.0'
                      ? 'contentExport.export.formatXliff20'
                      : 'contentExport.export.formatXliff12',
                )}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <Button
            onClick={() => run.mutate()}
            loading={run.isPending}
            disabled={elements.length === 0 || validTargets.length === 0 || choices.length === 0}
          >
            {t('contentExport.export.run')}
          </Button>
        </Group>
        <RequestErrorAlert error={run.error ?? job.error} />
        {started && job.data && job.data.status !== 'done' && job.data.status !== 'failed' && (
          <Stack gap={4} role="status">
            <Text size="sm">
              {t('contentExport.export.running', { percent: job.data.percent })}
            </Text>
            <Progress
              value={job.data.percent}
              aria-label={t('contentExport.export.running', { percent: job.data.percent })}
            />
          </Stack>
        )}
        {started && job.data?.status === 'failed' && (
          <Alert color="red" role="alert">
            {t('contentExport.export.failed', { message: job.data.error ?? '' })}
          </Alert>
        )}
        {started && job.data?.status === 'done' && (
          <Alert color="green" role="status">
            <Stack gap={4}>
              <Text size="sm">{t('contentExport.export.done')}</Text>
              <Group gap="sm" wrap="wrap">
                {started.format === 'word' ? (
                  <Button
                    component="a"
                    size="xs"
                    h="auto"
                    py={4}
                    styles={{ label: { whiteSpace: 'normal' } }}
                    href={exportDownloadUrl('word', started.jobId)}
                    download
                  >
                    {t('contentExport.export.downloadWord')}
                  </Button>
                ) : (
                  files.map((language) => (
                    <Button
                      key={language}
                      component="a"
                      size="xs"
                      h="auto"
                      py={4}
                      styles={{ label: { whiteSpace: 'normal' } }}
                      href={exportDownloadUrl('xliff', started.jobId, language)}
                      download
                    >
                      {t('contentExport.export.download', { language: languageName(language) })}
                    </Button>
                  ))
                )}
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  )
}

interface ImportRow extends XliffImportResult {
  readonly step: number
}

function ImportSection() {
  const { t } = useTranslation()
  const languageName = useLanguageNames()
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [rows, setRows] = useState<ImportRow[]>([])
  const run = useMutation({
    mutationFn: async (chosen: File) => {
      setRows([])
      const uploaded = await uploadXliff(chosen)
      setProgress({ done: 0, total: uploaded.total })
      const results: ImportRow[] = []
      // One element after another: each is its own transaction and result.
      for (const step of uploaded.steps) {
        const result = await importXliffElement(uploaded.id, step.step)
        results.push({ ...result, step: step.step })
        setRows([...results])
        setProgress({ done: results.length, total: uploaded.total })
      }
      return results
    },
  })
  const changed = rows.reduce((sum, row) => sum + row.changed, 0)
  const imported = rows.filter((row) => row.success).length
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="content-export-import">
      <Stack gap="sm">
        <Title order={3} size="h4" id="content-export-import">
          {t('contentExport.import.title')}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (file) run.mutate(file)
          }}
        >
          <Group align="flex-end" gap="xs" wrap="wrap">
            <FileInput
              label={t('contentExport.import.file')}
              placeholder={t('contentExport.import.filePlaceholder')}
              accept=".xlf,.xliff,.xml,application/xliff+xml,application/xml,text/xml"
              value={file}
              onChange={setFile}
              style={{ flex: '1 1 200px', minWidth: 0 }}
              data-testid="content-export-import-file"
            />
            <Button type="submit" loading={run.isPending} disabled={!file}>
              {t('contentExport.import.run')}
            </Button>
          </Group>
        </form>
        <RequestErrorAlert error={run.error} />
        {run.isPending && progress && (
          <Stack gap={4} role="status">
            <Text size="sm">
              {t('contentExport.import.progress', {
                done: Math.min(progress.done + 1, progress.total),
                total: progress.total,
              })}
            </Text>
            <Progress
              value={progress.total === 0 ? 0 : (progress.done / progress.total) * 100}
              aria-label={t('contentExport.import.progress', {
                done: progress.done,
                total: progress.total,
              })}
            />
          </Stack>
        )}
        {run.isSuccess && (
          <Alert color="green" role="status" data-testid="content-export-import-summary">
            {t('contentExport.import.summary', { done: imported, total: rows.length, changed })}
          </Alert>
        )}
        {rows.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600} component="h4" m={0}>
              {t('contentExport.import.results')}
            </Text>
            <Stack
              gap={6}
              component="ul"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              aria-label={t('contentExport.import.results')}
            >
              {rows.map((row) => (
                <Paper key={row.step} component="li" withBorder p="xs">
                  <Stack gap={2}>
                    <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                      {row.path ?? `${row.type} #${row.id}`}
                    </Text>
                    <Group gap="md" wrap="wrap">
                      <Text size="xs">
                        {t('contentExport.import.colLanguage')}: {languageName(row.language)}
                      </Text>
                      <Text size="xs">
                        {t('contentExport.import.colChanged')}: {row.changed}
                      </Text>
                      {row.versionCount !== null && (
                        <Text size="xs">
                          {t('contentExport.import.colVersion')}: {row.versionCount}
                        </Text>
                      )}
                    </Group>
                    <Text
                      size="xs"
                      c={row.success ? (row.changed > 0 ? 'teal.9' : 'dimmed') : 'red.9'}
                    >
                      {t('contentExport.import.colResult')}:{' '}
                      {row.success
                        ? row.changed > 0
                          ? t('contentExport.import.saved')
                          : t('contentExport.import.unchanged')
                        : (row.message ?? '')}
                      {row.skipped.length > 0
                        ? ` · ${t('contentExport.import.skipped', { count: row.skipped.length })}`
                        : ''}
                    </Text>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
