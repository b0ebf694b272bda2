import { Checkbox, MultiSelect, NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import {
  CLASSIFICATION_KEY_TYPES,
  type ClassificationKey,
  type ClassificationKeyType,
} from '@optika/domain/pim/classification-store-api'
import { IDENTIFIER } from '@optika/domain/pim/class-definition'
import { unitLabel, useUnitList } from '../../quantity-units/api/quantity-units-api.ts'
import {
  definitionToForm,
  formToDefinitionSettings,
  SETTINGS_BY_TYPE,
  type DefinitionFormValues,
  type DefinitionSetting,
} from '../api/key-definition-form.ts'
import { FormDialog } from './store-item-dialogs.tsx'

export interface KeyDialogValues {
  name: string
  title: string
  description: string
  type: ClassificationKeyType
  enabled: boolean
  definition: Record<string, unknown>
}

interface KeyDialogProps {
  /** The key to edit; none to create one. */
  current?: ClassificationKey | undefined
  pending: boolean
  error?: string | undefined
  onClose: () => void
  onSubmit: (values: KeyDialogValues) => void
}

interface FormValues extends DefinitionFormValues {
  name: string
  title: string
  description: string
  type: ClassificationKeyType
  enabled: boolean
}

const TEXT_SETTINGS: readonly DefinitionSetting[] = [
  'regex',
  'minLength',
  'maxLength',
  'min',
  'max',
  'decimals',
  'unit',
  'minItems',
  'maxItems',
]

/** Creates or edits a key ("property"): its name, title, type and the type's definition settings. */
export function KeyDialog({ current, pending, error, onClose, onSubmit }: KeyDialogProps) {
  const { t } = useTranslation()
  const units = useUnitList()
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      name: current?.name ?? '',
      title: current?.title ?? '',
      description: current?.description ?? '',
      type: current?.type ?? 'input',
      enabled: current?.enabled ?? true,
      ...definitionToForm(current?.definition),
    },
    validate: (values) => {
      const errors: Record<string, string> = {}
      if (values.name.trim() === '') errors.name = t('admin.form.required')
      else if (!IDENTIFIER.test(values.name.trim())) errors.name = t('adminPimStores.key.nameRule')
      for (const setting of formToDefinitionSettings(values.type, values).invalid) {
        errors[setting] = t('adminPimStores.key.numberRequired')
      }
      return errors
    },
  })
  const settings = SETTINGS_BY_TYPE[form.values.type]
  const unitOptions = (units.data ?? []).map((unit) => ({ value: unit.id, label: unitLabel(unit) }))
  return (
    <FormDialog
      size="lg"
      title={
        current
          ? t('adminPimStores.key.editTitle', { name: current.name })
          : t('adminPimStores.key.createTitle')
      }
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={form.onSubmit((values) =>
        onSubmit({
          name: values.name.trim(),
          title: values.title.trim(),
          description: values.description.trim(),
          type: values.type,
          enabled: values.enabled,
          definition: formToDefinitionSettings(values.type, values).settings,
        }),
      )}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('adminPimStores.field.name')}
          description={t('adminPimStores.key.nameHint')}
          required
          data-autofocus
          maxLength={64}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('adminPimStores.field.title')}
          maxLength={190}
          {...form.getInputProps('title')}
        />
      </SimpleGrid>
      <Textarea
        label={t('adminPimStores.field.description')}
        autosize
        minRows={2}
        maxLength={1000}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('adminPimStores.field.type')}
          data={CLASSIFICATION_KEY_TYPES.map((type) => ({
            value: type,
            label: t(`adminPimStores.type.${type}`),
          }))}
          {...form.getInputProps('type')}
        />
        <Checkbox
          mt="xl"
          label={t('adminPimStores.field.enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <TextInput
        label={t('adminPimStores.setting.tooltip')}
        maxLength={1000}
        {...form.getInputProps('tooltip')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {TEXT_SETTINGS.filter((setting) => settings.includes(setting)).map((setting) => (
          <TextInput
            key={setting}
            label={t(`adminPimStores.setting.${setting}`)}
            inputMode={setting === 'regex' || setting === 'unit' ? 'text' : 'decimal'}
            {...form.getInputProps(setting)}
          />
        ))}
      </SimpleGrid>
      {settings.includes('validUnits') && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t('adminPimStores.setting.validUnits')}
            description={t('adminPimStores.setting.validUnitsHint')}
            data={unitOptions}
            searchable
            clearable
            {...form.getInputProps('validUnits')}
          />
          <NativeSelect
            label={t('adminPimStores.setting.defaultUnit')}
            data={[{ value: '', label: t('adminPimStores.setting.noDefaultUnit') }, ...unitOptions]}
            {...form.getInputProps('defaultUnit')}
          />
        </SimpleGrid>
      )}
      {settings.includes('options') && (
        <Textarea
          label={t('adminPimStores.setting.options')}
          description={t('adminPimStores.setting.optionsHint')}
          autosize
          minRows={3}
          {...form.getInputProps('options')}
        />
      )}
    </FormDialog>
  )
}
