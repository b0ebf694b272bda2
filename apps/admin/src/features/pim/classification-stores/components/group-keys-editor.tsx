import { Checkbox } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  addRelations,
  deleteRelation,
  storeKeys,
  updateRelation,
  useAllOfStore,
  useRelations,
} from '../api/classification-store-api.ts'
import { RelationEditor } from './relation-editor.tsx'

/** A key as listed: its name, and its title after a dash when it has one. */
function keyLabel(key: { name: string; title: string }): string {
  return key.title === '' ? key.name : `${key.name} – ${key.title}`
}

/** The keys of one group: add keys with mandatory flag and position, change or remove them. */
export function GroupKeysEditor({
  storeId,
  group,
}: {
  storeId: number
  group: { id: number; name: string }
}) {
  const { t } = useTranslation()
  const relations = useRelations(group.id)
  const keys = useAllOfStore('properties', storeId)
  const [mandatory, setMandatory] = useState(false)
  return (
    <RelationEditor
      headingId={`group-keys-${group.id}`}
      title={t('adminPimStores.relations.groupTitle', { name: group.name })}
      relations={relations}
      queryKey={storeKeys.relations(group.id)}
      relatedId={(row) => row.keyId}
      candidates={(keys.data?.data ?? []).map((key) => ({ id: key.id, label: keyLabel(key) }))}
      texts={{
        pick: t('adminPimStores.relations.key'),
        choose: t('adminPimStores.relations.chooseKey'),
        add: t('adminPimStores.relations.addKey'),
        empty: t('adminPimStores.relations.noKeys'),
        remove: (name) => t('adminPimStores.relations.removeKey', { name }),
      }}
      addFields={
        <Checkbox
          mb={8}
          label={t('adminPimStores.field.mandatory')}
          checked={mandatory}
          onChange={(event) => setMandatory(event.currentTarget.checked)}
        />
      }
      addRelation={(keyId, sorter) =>
        addRelations({ groupId: group.id, items: [{ keyId, mandatory, sorter }] })
      }
      onAdded={() => setMandatory(false)}
      updateRelation={updateRelation}
      sorterChange={(row, sorter) => ({ groupId: group.id, keyId: row.keyId, sorter })}
      removeRelation={(keyId) => deleteRelation(group.id, keyId)}
      columns={[
        { header: t('adminPimStores.field.name'), cell: keyLabel },
        {
          header: t('adminPimStores.field.type'),
          cell: (row) => t(`adminPimStores.type.${row.type}`),
        },
        {
          header: t('adminPimStores.field.mandatory'),
          cell: (row, update) => (
            <Checkbox
              aria-label={t('adminPimStores.relations.mandatoryOf', { name: row.name })}
              checked={row.mandatory}
              onChange={(event) =>
                update({
                  groupId: group.id,
                  keyId: row.keyId,
                  mandatory: event.currentTarget.checked,
                })
              }
            />
          ),
        },
      ]}
    />
  )
}
