import { useTranslation } from 'react-i18next'
import {
  addCollectionRelations,
  deleteCollectionRelation,
  storeKeys,
  updateCollectionRelation,
  useAllOfStore,
  useCollectionRelations,
} from '../api/classification-store-api.ts'
import { RelationEditor } from './relation-editor.tsx'

/** The groups of one collection: add groups with a position, reorder or remove them. */
export function CollectionGroupsEditor({
  storeId,
  collection,
}: {
  storeId: number
  collection: { id: number; name: string }
}) {
  const { t } = useTranslation()
  const relations = useCollectionRelations(collection.id)
  const groups = useAllOfStore('groups', storeId)
  return (
    <RelationEditor
      headingId={`collection-groups-${collection.id}`}
      title={t('adminPimStores.relations.collectionTitle', { name: collection.name })}
      relations={relations}
      queryKey={storeKeys.collectionRelations(collection.id)}
      relatedId={(row) => row.groupId}
      candidates={(groups.data?.data ?? []).map((group) => ({ id: group.id, label: group.name }))}
      texts={{
        pick: t('adminPimStores.relations.group'),
        choose: t('adminPimStores.relations.chooseGroup'),
        add: t('adminPimStores.relations.addGroup'),
        empty: t('adminPimStores.relations.noGroups'),
        remove: (name) => t('adminPimStores.relations.removeGroup', { name }),
      }}
      addRelation={(groupId, sorter) =>
        addCollectionRelations({ collectionId: collection.id, items: [{ groupId, sorter }] })
      }
      updateRelation={updateCollectionRelation}
      sorterChange={(row, sorter) => ({
        collectionId: collection.id,
        groupId: row.groupId,
        sorter,
      })}
      removeRelation={(groupId) => deleteCollectionRelation(collection.id, groupId)}
      columns={[
        { header: t('adminPimStores.field.name'), cell: (row) => row.name },
        { header: t('adminPimStores.field.description'), cell: (row) => row.description },
      ]}
    />
  )
}
