import { Paper, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { SelectOptionsSet } from '@optika/domain/pim/class-definition'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  classKeys,
  deleteOptionSet,
  saveOptionSet,
  useOptionSet,
  useOptionSets,
} from '../api/class-definitions-api.ts'
import {
  DefinitionFormHeader,
  DefinitionListPanel,
  useDefinitionDraft,
} from './definition-list-panel.tsx'
import { OptionRows } from './node-settings.tsx'

/** Named option sets shared by select fields: a list, a new-set form and key/value rows. */
export function SelectOptionsPanel() {
  const { t } = useTranslation()
  const sets = useOptionSets()
  return (
    <DefinitionListPanel
      idLabel={t('adminPimClasses.selectOptions.id')}
      listLabel={t('adminPimClasses.tabs.selectOptions')}
      items={sets.data?.map((set) => ({
        id: set.id,
        label: set.group ? `${set.id} (${set.group})` : set.id,
      }))}
      listError={sets.error}
      queryKey={classKeys.optionSets}
      create={(id) => saveOptionSet({ id, options: [] })}
      renderEditor={(id, onDeleted) => <OptionSetEditor id={id} onDeleted={onDeleted} />}
    />
  )
}

function OptionSetEditor({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const loaded = useOptionSet(id)
  if (loaded.isPending) return <ScreenLoader />
  if (loaded.isError) return <RequestErrorAlert error={loaded.error} />
  return <OptionSetForm set={loaded.data} onDeleted={onDeleted} />
}

function OptionSetForm({ set, onDeleted }: { set: SelectOptionsSet; onDeleted: () => void }) {
  const { t } = useTranslation()
  const form = useDefinitionDraft({
    initial: set,
    queryKey: classKeys.optionSets,
    save: saveOptionSet,
    remove: () => deleteOptionSet(set.id),
    onDeleted,
  })
  const { draft, update } = form
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <DefinitionFormHeader
          title={t('adminPimClasses.selectOptions.rows', { name: set.id })}
          name={set.id}
          form={form}
        />
        <TextInput
          label={t('adminPimClasses.settings.group')}
          value={draft.group ?? ''}
          onChange={(e) => update({ ...draft, group: e.currentTarget.value || undefined })}
        />
        <OptionRows
          options={draft.options}
          onChange={(options) => update({ ...draft, options })}
          onChangeRow={(index, patch) =>
            update({
              ...draft,
              options: draft.options.map((o, i) => (i === index ? { ...o, ...patch } : o)),
            })
          }
        />
      </Stack>
    </Paper>
  )
}
