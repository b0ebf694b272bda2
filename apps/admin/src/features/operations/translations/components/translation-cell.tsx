import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Textarea, UnstyledButton, Text, VisuallyHidden } from '@mantine/core'
import type { Locale } from '@optika/i18n/locales'
import { saveTranslationText } from '../api/translations-api.ts'

interface TranslationCellProps {
  translationKey: string
  locale: Locale
  text: string
  onSaved: () => Promise<void>
  onError: (error: unknown) => void
}

/**
 * One text of the grid: a button showing it (or "missing"); Enter or a click opens the editor,
 * where Enter saves (Shift+Enter: a new line) and Esc cancels; focus returns to the cell.
 */
export function TranslationCell({
  translationKey,
  locale,
  text,
  onSaved,
  onError,
}: TranslationCellProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const label = t('adminTranslations.edit.label', {
    key: translationKey,
    locale: locale.toUpperCase(),
  })

  async function save(value: string) {
    if (value === text) {
      setDraft(null)
      return
    }
    setSaving(true)
    try {
      await saveTranslationText(translationKey, { [locale]: value })
      setDraft(null)
      await onSaved()
    } catch (error) {
      onError(error)
    } finally {
      setSaving(false)
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setDraft(null)
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      void save(event.currentTarget.value)
    }
  }

  if (draft !== null) {
    return (
      <Textarea
        aria-label={label}
        value={draft}
        autosize
        minRows={1}
        maxRows={8}
        autoFocus
        disabled={saving}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={(event) => void save(event.currentTarget.value)}
        size="xs"
      />
    )
  }
  return (
    <UnstyledButton
      onClick={() => setDraft(text)}
      w="100%"
      p={4}
      style={{ minHeight: '1.75rem', borderRadius: 4 }}
      className="translation-cell"
      data-cell={`${translationKey}:${locale}`}
    >
      {text ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {text}
        </Text>
      ) : (
        <Text size="sm" c="red.9" fs="italic">
          {t('adminTranslations.edit.missing')}
        </Text>
      )}
      {/* The visible text leads the name; which key and language it is follows for screen readers. */}
      <VisuallyHidden>{label}</VisuallyHidden>
    </UnstyledButton>
  )
}
