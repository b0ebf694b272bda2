import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  WorkflowAdditionalField,
  WorkflowAvailableAction,
  WorkflowForm,
} from '@optika/domain/elements/workflow'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  getWorkflowCustomHtml,
  getWorkflowForm,
  useSubmitWorkflowAction,
  workflowKeys,
  type WorkflowElement,
} from '../api/workflow-api.ts'
import { PlaceBadge } from './place-badge.tsx'

type AdditionalValue = string | number | boolean | null

interface WorkflowActionDialogProps {
  element: WorkflowElement
  workflowName: string
  action: WorkflowAvailableAction
  onClose: () => void
  /** After the server applied it: the text to announce. */
  onDone: (message: string) => void
}

/**
 * The dialog of one transition or global action: what `get-workflow-form` says it asks (the
 * note, required or not, and extra fields), the help text of `modal-custom-html`, where it
 * leads, and the submit. A required note is checked here and again by the server.
 */
export function WorkflowActionDialog({
  element,
  workflowName,
  action,
  onClose,
  onDone,
}: WorkflowActionDialogProps) {
  const { t } = useTranslation()
  const ref = {
    ctype: element.elementType,
    cid: element.elementId,
    workflowName,
    transition: action.name,
    isGlobalAction: action.isGlobalAction,
  }
  const form = useQuery({
    queryKey: [...workflowKeys.details(element), 'form', workflowName, action.name],
    staleTime: 0,
    queryFn: () => getWorkflowForm(ref),
  })
  const customHtml = useQuery({
    queryKey: [...workflowKeys.details(element), 'html', workflowName, action.name],
    enabled: action.hasCustomHtml,
    queryFn: () => getWorkflowCustomHtml(ref),
  })
  return (
    <Modal
      opened
      onClose={onClose}
      title={action.label}
      size="lg"
      closeButtonProps={{ 'aria-label': t('workflow.panel.dialog.close') }}
    >
      {form.isPending ? (
        <ScreenLoader />
      ) : form.isError ? (
        <RequestErrorAlert error={form.error} />
      ) : (
        <ActionForm
          element={element}
          form={form.data}
          customHtml={customHtml.data ?? null}
          onClose={onClose}
          onDone={onDone}
          actionLabel={action.label}
        />
      )}
    </Modal>
  )
}

function ActionForm({
  element,
  form,
  customHtml,
  actionLabel,
  onClose,
  onDone,
}: {
  element: WorkflowElement
  form: WorkflowForm
  customHtml: string | null
  actionLabel: string
  onClose: () => void
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const submit = useSubmitWorkflowAction(element)
  const [note, setNote] = useState('')
  const [values, setValues] = useState<Record<string, AdditionalValue>>(() =>
    Object.fromEntries(
      form.notes.additionalFields.map((field) => [
        field.name,
        field.type === 'checkbox' ? false : null,
      ]),
    ),
  )
  const [touched, setTouched] = useState(false)
  const notesShown = form.notes.enabled || form.notes.required
  const noteMissing = form.notes.required && note.trim() === ''
  const missing = (field: WorkflowAdditionalField) =>
    field.required &&
    field.type !== 'checkbox' &&
    (values[field.name] === null || values[field.name] === '')
  const unavailable = form.unavailable.length > 0

  function send(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (unavailable || noteMissing || form.notes.additionalFields.some(missing)) return
    submit.mutate(
      {
        workflowName: form.workflowName,
        transition: form.transition,
        isGlobalAction: form.isGlobalAction,
        workflowOptions: { notes: note.trim(), additional: values },
      },
      { onSuccess: () => onDone(t('workflow.panel.done', { action: actionLabel })) },
    )
  }

  return (
    <form noValidate onSubmit={send}>
      <Stack gap="md">
        {form.to.length > 0 && (
          <Group gap="xs">
            <Text size="sm">{t('workflow.panel.dialog.movesTo')}</Text>
            {form.to.map((place) => (
              <PlaceBadge key={place.name} place={place} />
            ))}
          </Group>
        )}
        {customHtml !== null && customHtml !== '' && (
          // Sanitized by the server when stored and when served (modal-custom-html).
          <Box
            fz="sm"
            className="workflow-custom-html"
            dangerouslySetInnerHTML={{ __html: customHtml }}
          />
        )}
        {unavailable && (
          <Alert color="yellow" role="alert" title={t('workflow.panel.dialog.unavailable')}>
            <List size="sm">
              {form.unavailable.map((reason) => (
                <List.Item key={reason.code}>{reason.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {notesShown && (
          <Textarea
            label={t('workflow.panel.dialog.note')}
            description={form.notes.required ? t('workflow.panel.dialog.noteRequired') : undefined}
            required={form.notes.required}
            autosize
            minRows={3}
            maxLength={10_000}
            data-autofocus
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={touched && noteMissing ? t('workflow.panel.dialog.noteMissing') : undefined}
          />
        )}
        {form.notes.additionalFields.map((field) => (
          <AdditionalField
            key={field.name}
            field={field}
            value={values[field.name] ?? null}
            error={touched && missing(field) ? t('admin.form.required') : undefined}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <RequestErrorAlert error={submit.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('workflow.panel.dialog.cancel')}
          </Button>
          <Button type="submit" loading={submit.isPending} disabled={unavailable}>
            {t('workflow.panel.dialog.submit', { action: actionLabel })}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function AdditionalField({
  field,
  value,
  error,
  onChange,
}: {
  field: WorkflowAdditionalField
  value: AdditionalValue
  error: string | undefined
  onChange: (value: AdditionalValue) => void
}) {
  const common = { label: field.label, required: field.required, error }
  switch (field.type) {
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      )
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      )
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxLength={2_000}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
    case 'date':
    case 'text':
      return (
        <TextInput
          {...common}
          type={field.type === 'date' ? 'date' : 'text'}
          maxLength={2_000}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
  }
}
