import { Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { FieldContainerDefinition } from '@optika/domain/pim/class-definition'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  classKeys,
  deleteContainer,
  saveContainer,
  useContainer,
  useContainerTree,
  type ContainerKind,
} from '../api/class-definitions-api.ts'
import {
  DefinitionFormHeader,
  DefinitionListPanel,
  useDefinitionDraft,
} from './definition-list-panel.tsx'
import { LayoutEditor } from './layout-editor.tsx'

/** Field collections or object bricks: a list, a new-item form and the same layout editor as classes. */
export function ContainersPanel({ kind }: { kind: ContainerKind }) {
  const { t } = useTranslation()
  const tree = useContainerTree(kind)
  return (
    <DefinitionListPanel
      idLabel={t('adminPimClasses.containers.key')}
      listLabel={t('adminPimClasses.containers.label')}
      items={tree.data?.map((item) => ({
        id: item.key,
        label:
          item.title === '' || item.title === item.key ? item.key : `${item.title} (${item.key})`,
      }))}
      listError={tree.error}
      queryKey={classKeys.containers(kind)}
      create={(key) => saveContainer(kind, { key, title: key, layout: [] })}
      renderEditor={(key, onDeleted) => (
        <ContainerEditor kind={kind} itemKey={key} onDeleted={onDeleted} />
      )}
    />
  )
}

function ContainerEditor({
  kind,
  itemKey,
  onDeleted,
}: {
  kind: ContainerKind
  itemKey: string
  onDeleted: () => void
}) {
  const loaded = useContainer(kind, itemKey)
  if (loaded.isPending) return <ScreenLoader />
  if (loaded.isError) return <RequestErrorAlert error={loaded.error} />
  return <ContainerForm kind={kind} definition={loaded.data} onDeleted={onDeleted} />
}

function ContainerForm({
  kind,
  definition,
  onDeleted,
}: {
  kind: ContainerKind
  definition: FieldContainerDefinition
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const form = useDefinitionDraft({
    initial: definition,
    queryKey: classKeys.containers(kind),
    save: (draft) => saveContainer(kind, draft),
    remove: () => deleteContainer(kind, definition.key),
    onDeleted,
  })
  const { draft, update } = form
  return (
    <Stack gap="md">
      <DefinitionFormHeader title={draft.title || draft.key} name={definition.key} form={form} />
      <TextInput
        label={t('adminPimClasses.containers.title')}
        value={draft.title}
        onChange={(e) => update({ ...draft, title: e.currentTarget.value })}
      />
      <LayoutEditor layout={draft.layout} onChange={(layout) => update({ ...draft, layout })} />
    </Stack>
  )
}
