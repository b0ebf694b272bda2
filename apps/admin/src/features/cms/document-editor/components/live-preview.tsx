import { Anchor, Group, Paper, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import {
  saveToSession,
  type DocumentContent,
  type EditorDocumentType,
} from '../api/document-editor-api.ts'
import { previewUrl } from '../model/preview-url.ts'

/** How long typing must pause before the draft goes to the session and the preview reloads. */
const PREVIEW_DEBOUNCE_MS = 700

/**
 * The storefront's page of this document as the user's session draft: every pause in typing
 * saves the editor's content to the session (save-to-session) and reloads the frame.
 */
export function LivePreview({
  type,
  id,
  path,
  content,
  baseline,
  enabled,
}: {
  type: EditorDocumentType
  id: number
  path: string
  content: DocumentContent
  /** The content as loaded: nothing is sent to the session until it differs. */
  baseline: string
  enabled: boolean
}) {
  const { t } = useTranslation()
  const json = JSON.stringify(content)
  const [debounced] = useDebouncedValue(json, PREVIEW_DEBOUNCE_MS)
  const sent = useRef(baseline)
  const [stamp, setStamp] = useState(() => Date.now())
  const [state, setState] = useState<
    { kind: 'idle' | 'saving' } | { kind: 'failed'; error: unknown }
  >({ kind: 'idle' })
  useEffect(() => {
    if (!enabled || debounced === sent.current) return
    let cancelled = false
    sent.current = debounced
    setState({ kind: 'saving' })
    saveToSession(type, id, JSON.parse(debounced) as DocumentContent)
      .then(() => {
        if (cancelled) return
        setState({ kind: 'idle' })
        setStamp(Date.now())
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ kind: 'failed', error })
      })
    return () => {
      cancelled = true
    }
  }, [debounced, enabled, type, id])
  const src = previewUrl(path, stamp)
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      component="section"
      aria-labelledby="document-preview-title"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text id="document-preview-title" fw={600} size="sm">
            {t('cmsAdminEditor.preview.title')}
          </Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed" role="status" aria-live="polite">
              {state.kind === 'saving' || json !== debounced
                ? t('cmsAdminEditor.preview.updating')
                : t('cmsAdminEditor.preview.upToDate')}
            </Text>
            <Anchor href={previewUrl(path)} target="_blank" rel="noopener" size="xs">
              {t('cmsAdminEditor.preview.openTab')}
            </Anchor>
          </Group>
        </Group>
        {state.kind === 'failed' && <RequestErrorAlert error={state.error} />}
        <iframe
          key={stamp}
          src={src}
          title={t('cmsAdminEditor.preview.frameTitle', { path })}
          data-testid="document-preview"
          style={{
            width: '100%',
            minHeight: '70vh',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 4,
            background: 'white',
          }}
        />
      </Stack>
    </Paper>
  )
}
