import { Button, Grid, Group, Stack } from '@mantine/core'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import type { DocumentType } from '@optika/domain/cms/document-api'
import type { DocumentNode } from '@optika/domain/cms/document-tree-api'
import type { Job } from '@optika/domain/pim/grid-api'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { NotFoundScreen } from '../../../shell/components/not-found-screen.tsx'
import {
  ROOT_ID,
  readCopyResult,
  startDocumentCopy,
  useDocumentActions,
} from '../api/documents-api.ts'
import { storefrontUrl } from '../model/storefront-url.ts'
import { AddDocumentDialog } from './add-document-dialog.tsx'
import { CopyJobProgress } from './copy-job-progress.tsx'
import { DeleteDocumentDialog } from './delete-document-dialog.tsx'
import { DocTypesDialog } from './doc-types-dialog.tsx'
import { DocumentPanel, isPanelTab, type PanelTab } from './document-panel.tsx'
import { DocumentTree, type DocumentAction, type PlacedDocument } from './document-tree.tsx'
import { PasteDocumentDialog, type PasteChoice } from './paste-document-dialog.tsx'
import { RenameDocumentDialog } from './rename-document-dialog.tsx'

type Dialog =
  | { kind: 'add'; type: DocumentType; parent: DocumentNode }
  | { kind: 'rename'; node: DocumentNode }
  | { kind: 'delete'; node: DocumentNode }
  | { kind: 'paste'; source: DocumentNode; target: DocumentNode }
  | { kind: 'docTypes' }

interface Clipboard {
  node: DocumentNode
  /** Copy pastes a copy (a job); cut moves the document on paste. */
  mode: 'copy' | 'cut'
}

interface RunningCopy {
  id: string
  target: DocumentNode
  label: string
}

function displayName(node: DocumentNode): string {
  return node.key || '/'
}

/**
 * /admin/documents[/:id] — the document tree beside the open document: pages, snippets and
 * e-mails in their editor, links and hardlinks in their settings form, and for every document its
 * translations and (on a page) its site. The open document and tab live in the address.
 */
export function DocumentsScreen() {
  const { t } = useTranslation()
  const params = useParams()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const splat = params['*'] ?? ''
  const id = splat === '' ? ROOT_ID : /^[1-9]\d{0,15}$/.test(splat) ? Number(splat) : null
  const tabParam = search.get('tab')
  const tab: PanelTab = isPanelTab(tabParam) ? tabParam : 'edit'
  const actions = useDocumentActions()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [clipboard, setClipboard] = useState<Clipboard | null>(null)
  const [copies, setCopies] = useState<RunningCopy[]>([])
  const [actionError, setActionError] = useState<unknown>(null)
  const [revealId, setRevealId] = useState<number | null>(null)

  const open = useCallback(
    (target: number, nextTab: PanelTab = 'edit') => {
      void navigate(`/documents/${target}${nextTab === 'edit' ? '' : `?tab=${nextTab}`}`)
    },
    [navigate],
  )

  const finishCopy = useCallback(
    (running: RunningCopy, job: Job) => {
      setCopies((current) => current.filter((entry) => entry.id !== running.id))
      if (job.status !== 'done') {
        setActionError(new Error(job.error ?? 'copy failed'))
        return
      }
      void actions.refresh()
      setRevealId(running.target.id)
      const result = readCopyResult(job)
      if (result !== null) open(result.id)
    },
    [actions, open],
  )

  function paste(source: DocumentNode, target: DocumentNode, choice: PasteChoice) {
    setDialog(null)
    const label = t('cmsAdminTree.job.copying', { name: displayName(source) })
    startDocumentCopy({ sourceId: source.id, targetId: target.id, ...choice })
      .then((jobId) => setCopies((current) => [...current, { id: jobId, target, label }]))
      .catch(setActionError)
  }

  function move(input: { id: number; parentId: number; index?: number }) {
    setActionError(null)
    actions.update.mutate(input, { onError: setActionError })
  }

  function act(action: DocumentAction, placed: PlacedDocument) {
    const { node } = placed
    setActionError(null)
    if (typeof action === 'object') {
      setDialog({ kind: 'add', type: action.add, parent: node })
      return
    }
    switch (action) {
      case 'open':
        open(node.id)
        return
      case 'rename':
        setDialog({ kind: 'rename', node })
        return
      case 'delete':
        setDialog({ kind: 'delete', node })
        return
      case 'copy':
        setClipboard({ node, mode: 'copy' })
        return
      case 'cut':
        setClipboard({ node, mode: 'cut' })
        return
      case 'paste':
        if (clipboard === null) return
        if (clipboard.mode === 'cut') {
          move({ id: clipboard.node.id, parentId: node.id })
          setRevealId(node.id)
          setClipboard(null)
          return
        }
        setDialog({ kind: 'paste', source: clipboard.node, target: node })
        return
      case 'moveUp':
      case 'moveDown':
        if (node.parentId === null) return
        move({
          id: node.id,
          parentId: node.parentId,
          index: placed.position + (action === 'moveUp' ? -1 : 1),
        })
        return
      case 'translations':
        open(node.id, 'translations')
        return
      case 'site':
        open(node.id, 'site')
        return
      case 'storefront':
        window.open(storefrontUrl(node), '_blank', 'noopener')
        return
      case 'refresh':
        void actions.refresh()
        return
    }
  }

  if (id === null) return <NotFoundScreen />
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <ScreenHeader
          title={t('admin.nav.documents')}
          description={t('cmsAdminTree.screen.description')}
        />
        <Button variant="default" onClick={() => setDialog({ kind: 'docTypes' })}>
          {t('cmsAdminTree.docTypes.title')}
        </Button>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <DocumentTree
            selectedId={id}
            canPaste={clipboard !== null}
            onOpen={(node) => open(node.id)}
            onAction={act}
            onMove={move}
            revealId={revealId}
            error={actionError}
            busy={copies.map((running) => (
              <CopyJobProgress
                key={running.id}
                jobId={running.id}
                label={running.label}
                onFinished={(job) => finishCopy(running, job)}
              />
            ))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          <DocumentPanel key={id} id={id} tab={tab} onOpen={open} />
        </Grid.Col>
      </Grid>
      {dialog?.kind === 'add' && (
        <AddDocumentDialog
          type={dialog.type}
          parentName={displayName(dialog.parent)}
          underRoot={dialog.parent.id === ROOT_ID}
          pending={actions.add.isPending}
          error={actions.add.error}
          onClose={() => {
            actions.add.reset()
            setDialog(null)
          }}
          onManageDocTypes={() => setDialog({ kind: 'docTypes' })}
          onSubmit={(input) =>
            actions.add.mutate(
              { ...input, parentId: dialog.parent.id },
              {
                onSuccess: (added) => {
                  setDialog(null)
                  setRevealId(dialog.parent.id)
                  open(added.id)
                },
              },
            )
          }
        />
      )}
      {dialog?.kind === 'rename' && (
        <RenameDocumentDialog
          currentKey={dialog.node.key}
          pending={actions.update.isPending}
          error={actions.update.error}
          onClose={() => {
            actions.update.reset()
            setDialog(null)
          }}
          onSubmit={(key) =>
            actions.update.mutate({ id: dialog.node.id, key }, { onSuccess: () => setDialog(null) })
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDocumentDialog
          id={dialog.node.id}
          name={displayName(dialog.node)}
          pending={actions.remove.isPending}
          error={actions.remove.error}
          onClose={() => {
            actions.remove.reset()
            setDialog(null)
          }}
          onConfirm={() =>
            actions.remove.mutate(dialog.node.id, {
              onSuccess: () => {
                setDialog(null)
                if (id === dialog.node.id) open(dialog.node.parentId ?? ROOT_ID)
              },
            })
          }
        />
      )}
      {dialog?.kind === 'paste' && (
        <PasteDocumentDialog
          sourceName={displayName(dialog.source)}
          targetName={displayName(dialog.target)}
          hasChildren={dialog.source.hasChildren}
          onClose={() => setDialog(null)}
          onSubmit={(choice) => paste(dialog.source, dialog.target, choice)}
        />
      )}
      {dialog?.kind === 'docTypes' && <DocTypesDialog onClose={() => setDialog(null)} />}
    </Stack>
  )
}
