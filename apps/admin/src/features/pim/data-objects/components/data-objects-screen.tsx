import { Grid, Paper, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { FolderDetailSchema, type ObjectElementType } from '@optika/domain/pim/object-api'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { ApiError, getJson } from '../../../../lib/api-client.ts'
import { NotFoundScreen } from '../../../shell/components/not-found-screen.tsx'
import { readElementId } from '../model/element-address.ts'
import { FolderView } from './folder-view.tsx'
import { ObjectEditor } from './object-editor.tsx'
import { ObjectTree } from './object-tree.tsx'

/** Whether an id is a folder, for addresses that name only the id (deeplinks, relations). */
function useElementKind(id: number | null, known: ObjectElementType | undefined) {
  return useQuery({
    queryKey: ['admin', 'objects', 'element', id ?? 0, 'kind'],
    enabled: id !== null && known === undefined,
    staleTime: Infinity,
    queryFn: async (): Promise<ObjectElementType> => {
      try {
        FolderDetailSchema.parse(await getJson(`/admin/object/get-folder?id=${id}`))
        return 'folder'
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw error
        return 'object'
      }
    },
  })
}

/**
 * /admin/data-objects[/:id] — the object tree and the editor of the open element. The element
 * lives in the address, so deeplinks (`?object_123`) and reloads reopen it.
 */
export function DataObjectsScreen() {
  const { t } = useTranslation()
  const params = useParams()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const splat = params['*']
  const address = readElementId(splat, search.get('id'))
  const [types, setTypes] = useState<ReadonlyMap<number, ObjectElementType>>(new Map())
  const id = address.kind === 'element' ? address.id : null
  const known = id === null ? undefined : types.get(id)
  const kind = useElementKind(id, known)
  const type = known ?? kind.data

  function open(node: { id: number; type?: ObjectElementType }) {
    const nodeType = node.type
    if (nodeType !== undefined) setTypes((current) => new Map(current).set(node.id, nodeType))
    // The router owns sub-paths once the screen's route has a splat; until then the query names it.
    void navigate(splat === undefined ? `/data-objects?id=${node.id}` : `/data-objects/${node.id}`)
  }
  const openById = (target: number) => open({ id: target })

  if (address.kind === 'invalid') return <NotFoundScreen />
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.dataObjects')}
        description={t('adminPimObjects.screen.description')}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <ObjectTree selectedId={id} onOpen={open} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          {id === null ? (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed">{t('adminPimObjects.screen.nothingOpen')}</Text>
            </Paper>
          ) : type === undefined ? (
            <ScreenLoader />
          ) : type === 'folder' ? (
            <FolderView key={id} id={id} onOpen={open} />
          ) : (
            <ObjectEditor
              key={id}
              id={id}
              onOpen={openById}
              onDeleted={() =>
                void navigate(splat === undefined ? '/data-objects' : '/data-objects/1')
              }
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
