import { Button, Grid, Group, Stack } from '@mantine/core'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { NotFoundScreen } from '../../../shell/components/not-found-screen.tsx'
import {
  ROOT_ID,
  startAssetCopy,
  startZipDownload,
  useAsset,
  useLibraryActions,
  zipDownloadUrl,
  type LibraryJob,
  type LibraryNode,
} from '../api/asset-library-api.ts'
import { useUploads } from '../api/use-uploads.ts'
import { AssetPanel } from './asset-panel.tsx'
import { AssetTree, type AssetAction } from './asset-tree.tsx'
import { DeleteAssetDialog } from './delete-asset-dialog.tsx'
import { FolderView, type FolderViewMode } from './folder-view.tsx'
import { LibraryJobProgress } from './library-job.tsx'
import { NameDialog } from './name-dialog.tsx'
import { UploadProgress } from './upload-progress.tsx'

type Dialog =
  | { kind: 'addFolder'; parent: LibraryNode }
  | { kind: 'rename'; node: LibraryNode }
  | { kind: 'delete'; node: LibraryNode }

interface RunningJob {
  id: string
  kind: 'copy' | 'zip'
  node: LibraryNode
  label: string
}

/**
 * /admin/assets[/:id] — the asset library: the tree, the open folder (thumbnails or the column
 * grid, a drop target for uploads) or the open asset in the editor. The open asset lives in the
 * address, so links and reloads reopen it.
 */
export function AssetLibraryScreen() {
  const { t } = useTranslation()
  const params = useParams()
  const navigate = useNavigate()
  const [search, setSearch] = useSearchParams()
  const splat = params['*'] ?? ''
  const id = splat === '' ? ROOT_ID : /^[1-9]\d{0,15}$/.test(splat) ? Number(splat) : null
  const mode: FolderViewMode = search.get('view') === 'list' ? 'list' : 'thumbnails'
  const actions = useLibraryActions()
  const uploads = useUploads()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [clipboard, setClipboard] = useState<LibraryNode | null>(null)
  const [jobs, setJobs] = useState<RunningJob[]>([])
  const [actionError, setActionError] = useState<unknown>(null)
  const [revealId, setRevealId] = useState<number | null>(null)
  const uploadTarget = useRef<number>(ROOT_ID)
  const fileInput = useRef<HTMLInputElement>(null)

  const open = useCallback(
    (target: number) => {
      const query = mode === 'list' ? '?view=list' : ''
      void navigate(`/assets/${target}${query}`)
    },
    [mode, navigate],
  )

  function startJob(kind: RunningJob['kind'], node: LibraryNode, start: Promise<string>) {
    const label =
      kind === 'copy'
        ? t('assetLibrary.job.copying', { name: node.key || '/' })
        : t('assetLibrary.job.zipping', { name: node.key || '/' })
    start
      .then((jobId) => setJobs((current) => [...current, { id: jobId, kind, node, label }]))
      .catch(setActionError)
  }

  const finishJob = useCallback(
    (running: RunningJob, job: LibraryJob) => {
      setJobs((current) => current.filter((entry) => entry.id !== running.id))
      if (job.status !== 'done') {
        setActionError(new Error(job.error ?? 'job failed'))
        return
      }
      if (running.kind === 'copy') {
        void actions.refresh()
        setRevealId(running.node.id)
        return
      }
      const link = document.createElement('a')
      link.href = zipDownloadUrl(running.id)
      link.download = `${running.node.key || 'assets'}.zip`
      link.rel = 'noopener'
      document.body.append(link)
      link.click()
      link.remove()
    },
    [actions],
  )

  function act(action: AssetAction, node: LibraryNode) {
    setActionError(null)
    switch (action) {
      case 'open':
        open(node.id)
        return
      case 'addFolder':
        setDialog({ kind: 'addFolder', parent: node })
        return
      case 'upload':
        uploadTarget.current = node.id
        fileInput.current?.click()
        return
      case 'rename':
        setDialog({ kind: 'rename', node })
        return
      case 'delete':
        setDialog({ kind: 'delete', node })
        return
      case 'copy':
        setClipboard(node)
        return
      case 'paste':
        if (clipboard !== null) startJob('copy', node, startAssetCopy(clipboard.id, node.id))
        return
      case 'downloadZip':
        startJob('zip', node, startZipDownload(node.id))
        return
      case 'refresh':
        void actions.refresh()
        return
    }
  }

  function upload(files: File[], folderId: number) {
    setRevealId(folderId)
    uploads.add(files, folderId)
  }

  const asset = useAsset(id ?? ROOT_ID)
  if (id === null) return <NotFoundScreen />
  const current = asset.data
  const toolbar = current?.type === 'folder' && (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="default" onClick={() => act('addFolder', current)}>
        {t('assetLibrary.action.addFolder')}
      </Button>
      <Button size="xs" onClick={() => act('upload', current)}>
        {t('assetLibrary.action.uploadFiles')}
      </Button>
      <Button size="xs" variant="default" onClick={() => act('downloadZip', current)}>
        {t('assetLibrary.action.downloadZip')}
      </Button>
    </Group>
  )

  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.assets')}
        description={t('assetLibrary.screen.description')}
      />
      {/* Behind "Upload" in the tree's menu and the toolbar; the buttons are what users reach. */}
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="asset-file-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          event.currentTarget.value = ''
          if (files.length > 0) upload(files, uploadTarget.current)
        }}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <AssetTree
            selectedId={id}
            canPaste={clipboard !== null}
            onOpen={(node) => open(node.id)}
            onAction={act}
            onMove={(sourceId, targetId) =>
              actions.update.mutate(
                { id: sourceId, parentId: targetId },
                { onError: setActionError },
              )
            }
            onDropFiles={upload}
            revealId={revealId}
            error={actionError}
            busy={jobs.map((running) => (
              <LibraryJobProgress
                key={running.id}
                jobId={running.id}
                label={running.label}
                onFinished={(job) => finishJob(running, job)}
              />
            ))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          <Stack gap="md">
            <UploadProgress items={uploads.items} onClear={uploads.clear} />
            {asset.isPending ? (
              <ScreenLoader />
            ) : asset.isError || current === undefined ? (
              <RequestErrorAlert error={asset.error} />
            ) : current.type === 'folder' ? (
              <FolderView
                key={current.id}
                folder={current}
                mode={mode}
                onModeChange={(next) =>
                  setSearch(next === 'list' ? { view: 'list' } : {}, { replace: true })
                }
                onOpen={open}
                onUpload={upload}
                toolbar={toolbar}
              />
            ) : (
              <AssetPanel key={current.id} asset={current} onOpen={open} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog?.kind === 'addFolder' && (
        <NameDialog
          title={t('assetLibrary.dialog.addFolderTitle', { name: dialog.parent.key || '/' })}
          submitLabel={t('admin.common.add')}
          pending={actions.addFolder.isPending}
          error={actions.addFolder.error}
          onClose={() => {
            actions.addFolder.reset()
            setDialog(null)
          }}
          onSubmit={(name) =>
            actions.addFolder.mutate(
              { parentId: dialog.parent.id, name },
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
        <NameDialog
          title={t('assetLibrary.dialog.renameTitle', { name: dialog.node.key })}
          submitLabel={t('admin.common.rename')}
          initialName={dialog.node.key}
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
        <DeleteAssetDialog
          name={dialog.node.key}
          isFolder={dialog.node.type === 'folder'}
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
    </Stack>
  )
}
