import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { TranslationDomain } from '@optika/domain/operations/translations'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { createTranslationKey } from '../api/translations-api.ts'

interface AddKeyDialogProps {
  opened: boolean
  domain: TranslationDomain
  onClose: () => void
  onAdded: (key: string) => Promise<void>
}

/** A new key with its texts (any left empty show as missing). */
export function AddKeyDialog({ opened, domain, onClose, onAdded }: AddKeyDialogProps) {
  const { t } = useTranslation()
  const [key, setKey] = useState('')
  const [texts, setTexts] = useState<Partial<Record<Locale, string>>>({})
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await createTranslationKey(domain, key.trim(), texts)
      const added = key.trim()
      setKey('')
      setTexts({})
      onClose()
      await onAdded(added)
    } catch (caught) {
      setError(caught)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('adminTranslations.add.title')}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <RequestErrorAlert error={error} />
          <TextInput
            label={t('adminTranslations.column.key')}
            value={key}
            onChange={(event) => setKey(event.currentTarget.value)}
            required
            data-autofocus
          />
          {LOCALES.map((locale) => (
            <TextInput
              key={locale}
              lang={locale}
              label={locale.toUpperCase()}
              value={texts[locale] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value
                setTexts((current) => ({ ...current, [locale]: value }))
              }}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('adminTranslations.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('adminTranslations.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
