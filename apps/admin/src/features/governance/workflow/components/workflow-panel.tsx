import {
  Alert,
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  WorkflowAvailableAction,
  WorkflowElementWorkflow,
} from '@optika/domain/elements/workflow'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { isForbidden } from '../../../../lib/api-client.ts'
import { useWorkflowDetails, type WorkflowElement } from '../api/workflow-api.ts'
import { PlaceBadge } from './place-badge.tsx'
import { WorkflowActionDialog } from './workflow-action-dialog.tsx'
import { WorkflowGraph } from './workflow-graph.tsx'
import { WorkflowHistory } from './workflow-history.tsx'

/**
 * The last confirmation per element: a transition that publishes the element makes its editor
 * start afresh (a new version), and the confirmation must outlive that.
 */
const lastAnnouncement = new Map<string, string>()

/**
 * The element's workflows in its editor (object, asset, document): per workflow the current
 * places as coloured badges, the transitions as buttons (one that cannot fire says why), the
 * global actions, the history and the graph. Nothing shows for an element no workflow supports.
 */
export function WorkflowPanel({ element }: { element: WorkflowElement }) {
  const { t } = useTranslation()
  const details = useWorkflowDetails(element)
  const key = `${element.elementType}:${element.elementId}`
  const [announcement, setAnnouncementState] = useState(() => lastAnnouncement.get(key) ?? '')
  const setAnnouncement = (message: string) => {
    if (message === '') lastAnnouncement.delete(key)
    else lastAnnouncement.set(key, message)
    setAnnouncementState(message)
  }
  if (details.isPending) return null
  // Without the workflow key (or rights on the element) the editor simply has no panel.
  if (details.isError)
    return isForbidden(details.error) ? null : <RequestErrorAlert error={details.error} />
  if (details.data.data.length === 0) return null
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('workflow.panel.title')}
      data-testid="workflow-panel"
    >
      <Stack gap="md">
        <div role="status">
          {announcement !== '' && (
            <Alert
              color="green"
              withCloseButton
              closeButtonLabel={t('workflow.panel.dialog.close')}
              onClose={() => setAnnouncement('')}
            >
              {announcement}
            </Alert>
          )}
        </div>
        {details.data.data.map((workflow) => (
          <WorkflowSection
            key={workflow.workflowName}
            element={element}
            workflow={workflow}
            onDone={setAnnouncement}
          />
        ))}
      </Stack>
    </Paper>
  )
}

/**
 * Transitions that lead nowhere from here (the element is in none of their from places) stay
 * out of the way; the graph shows them. The others show, available or with their reasons.
 */
function shownTransitions(workflow: WorkflowElementWorkflow): WorkflowAvailableAction[] {
  const current = new Set(workflow.places.map((place) => place.name))
  return workflow.transitions.filter(
    (transition) => transition.available || transition.from.some((name) => current.has(name)),
  )
}

function WorkflowSection({
  element,
  workflow,
  onDone,
}: {
  element: WorkflowElement
  workflow: WorkflowElementWorkflow
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<WorkflowAvailableAction | null>(null)
  const [showHistory, setShowHistory] = useState(false)
  const [showGraph, setShowGraph] = useState(false)
  const headingId = `workflow-${element.elementType}-${element.elementId}-${workflow.workflowName}`
  const transitions = shownTransitions(workflow)
  return (
    <Stack gap="sm" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {workflow.label}
        </Title>
        <Group gap={6} aria-label={t('workflow.panel.currentPlaces')} role="group">
          <Text size="sm" c="dimmed">
            {t('workflow.panel.currentPlaces')}:
          </Text>
          {workflow.places.length === 0 ? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ) : (
            workflow.places.map((place) => <PlaceBadge key={place.name} place={place} />)
          )}
        </Group>
      </Group>
      {transitions.length > 0 || workflow.globalActions.length > 0 ? (
        <Stack gap={6}>
          <Group
            gap="xs"
            role="toolbar"
            aria-label={t('workflow.panel.transitions', { workflow: workflow.label })}
          >
            {transitions.map((action) => (
              <ActionButton
                key={action.name}
                id={`${headingId}-${action.name}`}
                action={action}
                onOpen={() => setOpen(action)}
              />
            ))}
            {workflow.globalActions.map((action) => (
              <ActionButton
                key={`global-${action.name}`}
                id={`${headingId}-global-${action.name}`}
                action={action}
                global
                onOpen={() => setOpen(action)}
              />
            ))}
          </Group>
          <ReasonList headingId={headingId} actions={[...transitions, ...workflow.globalActions]} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('workflow.panel.noTransitions')}
        </Text>
      )}
      <Group gap="md">
        <UnstyledButton
          aria-expanded={showHistory}
          onClick={() => setShowHistory((value) => !value)}
          fz="sm"
          c="blue"
        >
          {showHistory
            ? t('workflow.panel.history.hide')
            : t('workflow.panel.history.show', { count: workflow.history.length })}
        </UnstyledButton>
        <UnstyledButton
          aria-expanded={showGraph}
          onClick={() => setShowGraph((value) => !value)}
          fz="sm"
          c="blue"
        >
          {showGraph ? t('workflow.panel.graph.hide') : t('workflow.panel.graph.show')}
        </UnstyledButton>
      </Group>
      <Collapse expanded={showHistory}>
        {showHistory && <WorkflowHistory workflow={workflow} />}
      </Collapse>
      <Collapse expanded={showGraph}>
        {showGraph && (
          <WorkflowGraph src={workflow.graphUrl} graph={workflow.graph} label={workflow.label} />
        )}
      </Collapse>
      {open !== null && (
        <WorkflowActionDialog
          element={element}
          workflowName={workflow.workflowName}
          action={open}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null)
            onDone(message)
          }}
        />
      )}
    </Stack>
  )
}

/**
 * An available action opens its dialog. One that cannot fire stays focusable (aria-disabled,
 * so the keyboard reaches it) and is described by its reasons, listed under the buttons.
 */
function ActionButton({
  id,
  action,
  global = false,
  onOpen,
}: {
  id: string
  action: WorkflowAvailableAction
  global?: boolean
  onOpen: () => void
}) {
  return (
    <Button
      size="xs"
      variant={global ? 'light' : action.available ? 'filled' : 'default'}
      aria-disabled={action.available ? undefined : true}
      aria-describedby={action.available ? undefined : `${id}-why`}
      data-disabled={action.available ? undefined : true}
      onClick={(event) => {
        if (!action.available) {
          event.preventDefault()
          return
        }
        onOpen()
      }}
    >
      {action.label}
    </Button>
  )
}

function ReasonList({
  headingId,
  actions,
}: {
  headingId: string
  actions: readonly WorkflowAvailableAction[]
}) {
  const { t } = useTranslation()
  const blocked = actions.filter((action) => !action.available && action.reasons.length > 0)
  if (blocked.length === 0) return null
  return (
    <Stack gap={2}>
      {blocked.map((action) => (
        <Text
          key={`${action.isGlobalAction ? 'global-' : ''}${action.name}`}
          id={`${headingId}-${action.isGlobalAction ? 'global-' : ''}${action.name}-why`}
          size="xs"
          c="dimmed"
        >
          {t('workflow.panel.unavailable', {
            action: action.label,
            reasons: action.reasons.map((reason) => reason.message).join(' · '),
          })}
        </Text>
      ))}
    </Stack>
  )
}
