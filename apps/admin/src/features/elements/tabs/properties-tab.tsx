import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Property, PropertyInput } from '@optika/domain/pim/element-api'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import { elementKeys, saveProperties, useProperties, type ElementRef } from '../api/element-api.ts'
import { toPropertyInputs, type EditableProperty } from '../model/properties.ts'
import { TableScroll } from '../components/table-scroll.tsx'
import { PredefinedPropertyPicker } from './predefined-property-picker.tsx'

/** Own properties (editable: text and yes/no; relations kept as they are) and inherited ones. */
export function PropertiesTab({ element, readOnly }: { element: ElementRef; readOnly: boolean }) {
  const properties = useProperties(element)
  if (properties.isPending) return <ScreenLoader />
  if (properties.isError) return <RequestErrorAlert error={properties.error} />
  return (
    <PropertiesForm
      key={JSON.stringify(properties.data)}
      element={element}
      readOnly={readOnly}
      properties={properties.data}
    />
  )
}

function PropertiesForm({
  element,
  readOnly,
  properties,
}: {
  element: ElementRef
  readOnly: boolean
  properties: Property[]
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [own, setOwn] = useState<EditableProperty[]>(() =>
    properties
      .filter((property) => !property.inherited)
      .map((property) => ({
        name: property.name,
        type: property.type,
        data: property.data,
        inheritable: property.inheritable,
      })),
  )
  const inherited = properties.filter((property) => property.inherited)
  const save = useMutation({
    mutationFn: (inputs: PropertyInput[]) => saveProperties(element, inputs),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: elementKeys.properties(element) }),
  })
  const update = (index: number, change: Partial<EditableProperty>) =>
    setOwn((current) =>
      current.map((property, at) => (at === index ? { ...property, ...change } : property)),
    )
  return (
    <Stack gap="md">
      <RequestErrorAlert error={save.error} />
      {save.isSuccess && (
        <Alert color="green" role="status">
          {t('admin.common.saved')}
        </Alert>
      )}
      <TableScroll label={t('adminPimObjects.properties.own')} minWidth={560}>
        <Table aria-label={t('adminPimObjects.properties.own')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPimObjects.properties.name')}</Table.Th>
              <Table.Th>{t('adminPimObjects.properties.type')}</Table.Th>
              <Table.Th>{t('adminPimObjects.properties.value')}</Table.Th>
              <Table.Th>{t('adminPimObjects.properties.inheritable')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {own.map((property, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t('adminPimObjects.properties.name')}
                    value={property.name}
                    readOnly={readOnly}
                    onChange={(event) => update(index, { name: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t('adminPimObjects.properties.type')}
                    data={['text', 'bool', 'select', 'object', 'asset', 'document']}
                    value={property.type}
                    readOnly={readOnly}
                    allowDeselect={false}
                    onChange={(type) => type !== null && update(index, { type: type, data: null })}
                  />
                </Table.Td>
                <Table.Td>
                  {property.type === 'bool' ? (
                    <Checkbox
                      aria-label={t('adminPimObjects.properties.value')}
                      checked={property.data === true}
                      disabled={readOnly}
                      onChange={(event) => update(index, { data: event.currentTarget.checked })}
                    />
                  ) : (
                    <TextInput
                      size="xs"
                      aria-label={t('adminPimObjects.properties.value')}
                      value={property.data === null ? '' : String(property.data)}
                      readOnly={readOnly}
                      onChange={(event) => update(index, { data: event.currentTarget.value })}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('adminPimObjects.properties.inheritable')}
                    checked={property.inheritable}
                    disabled={readOnly}
                    onChange={(event) =>
                      update(index, { inheritable: event.currentTarget.checked })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  {!readOnly && (
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('adminPimObjects.list.remove', { name: property.name })}
                      onClick={() => setOwn((current) => current.filter((_, at) => at !== index))}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {!readOnly && (
        <PredefinedPropertyPicker
          elementType={element.elementType}
          names={own.map((property) => property.name)}
          onAdd={(row) => setOwn((current) => [...current, row])}
        />
      )}
      {!readOnly && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              setOwn((current) => [
                ...current,
                { name: '', type: 'text', data: '', inheritable: false },
              ])
            }
          >
            {t('adminPimObjects.properties.add')}
          </Button>
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() => save.mutate(toPropertyInputs(own))}
          >
            {t('admin.common.save')}
          </Button>
        </Group>
      )}
      {inherited.length > 0 && (
        <>
          <Text fw={600} size="sm">
            {t('adminPimObjects.properties.inherited')}
          </Text>
          <TableScroll label={t('adminPimObjects.properties.inherited')} minWidth={420}>
            <Table aria-label={t('adminPimObjects.properties.inherited')}>
              <Table.Tbody>
                {inherited.map((property) => (
                  <Table.Tr key={`${property.sourceId}-${property.name}`}>
                    <Table.Td>{property.name}</Table.Td>
                    <Table.Td>{property.type}</Table.Td>
                    <Table.Td>{property.targetPath ?? String(property.data ?? '')}</Table.Td>
                    <Table.Td c="dimmed">{property.sourcePath}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      )}
    </Stack>
  )
}
