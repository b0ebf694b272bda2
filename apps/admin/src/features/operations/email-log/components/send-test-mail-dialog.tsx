import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SendTestMail } from '@optika/domain/operations/email-log'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { emailLogKeys, sendTestMail, useEmailDocuments } from '../api/email-log-api.ts'

type Kind = 'text' | 'html' | 'document'

/** `name=value` lines: the placeholders' values of a document's test mail. */
function parametersOf(lines: string): Record<string, string> {
  const parameters: Record<string, string> = {}
  for (const line of lines.split('\n')) {
    const at = line.indexOf('=')
    if (at <= 0) continue
    const name = line.slice(0, at).trim()
    if (/^\w{1,100}$/.test(name)) parameters[name] = line.slice(at + 1).trim()
  }
  return parameters
}

/** A test mail to any address: free text or HTML, or an e-mail document with placeholder values. */
export function SendTestMailDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<Kind>('text')
  const [to, setTo] = useState('')
  const [subject, setSubject] = useState('')
  const [content, setContent] = useState('')
  const [documentId, setDocumentId] = useState<string | null>(null)
  const [parameters, setParameters] = useState('')
  const documents = useEmailDocuments('')
  const send = useMutation({
    mutationFn: sendTestMail,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: emailLogKeys.all }),
  })
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const input: SendTestMail =
      kind === 'document'
        ? {
            emailType: 'document',
            to,
            documentId: Number(documentId ?? 0),
            parameters: parametersOf(parameters),
          }
        : { emailType: kind, to, subject, content }
    send.mutate(input)
  }
  return (
    <Modal
      opened={opened}
      onClose={() => {
        send.reset()
        onClose()
      }}
      title={t('emailLog.test.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('emailLog.detail.close') }}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            type="email"
            label={t('emailLog.test.to')}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            required
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="email-test-kind">
              {t('emailLog.test.kindLabel')}
            </Text>
            <SegmentedControl
              aria-labelledby="email-test-kind"
              value={kind}
              onChange={(value) => setKind(value)}
              data={[
                { value: 'text', label: t('emailLog.test.kindText') },
                { value: 'html', label: t('emailLog.test.kindHtml') },
                { value: 'document', label: t('emailLog.test.kindDocument') },
              ]}
              fullWidth
            />
          </Stack>
          {kind === 'document' ? (
            <>
              <Select
                label={t('emailLog.test.document')}
                data={(documents.data ?? []).map((doc) => ({
                  value: String(doc.id),
                  label: doc.path,
                }))}
                value={documentId}
                onChange={setDocumentId}
                searchable
                required
                nothingFoundMessage={t('emailLog.test.noDocuments')}
              />
              <Textarea
                label={t('emailLog.test.parameters')}
                description={t('emailLog.test.parametersHelp')}
                value={parameters}
                onChange={(event) => setParameters(event.currentTarget.value)}
                autosize
                minRows={3}
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('emailLog.test.subject')}
                value={subject}
                onChange={(event) => setSubject(event.currentTarget.value)}
                required
              />
              <Textarea
                label={kind === 'html' ? t('emailLog.test.html') : t('emailLog.test.content')}
                value={content}
                onChange={(event) => setContent(event.currentTarget.value)}
                autosize
                minRows={5}
                required
              />
            </>
          )}
          <RequestErrorAlert error={send.error} />
          {send.isSuccess && (
            <Alert role="status" color={send.data.status === 'blocked' ? 'orange' : 'green'}>
              {send.data.status === 'blocked'
                ? t('emailLog.test.blocked')
                : t('emailLog.test.sent')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {t('emailLog.test.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
