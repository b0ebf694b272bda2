import {
  ActionIcon,
  Button,
  Checkbox,
  Stack,
  Table,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import {
  WORKSPACE_ELEMENT_TYPES,
  WORKSPACE_RIGHTS,
  type WorkspaceElementType,
} from '@optika/domain/admin/permissions'
import type { WorkspaceEntry } from '@optika/domain/admin/users-api'

interface WorkspacesEditorProps {
  value: readonly WorkspaceEntry[]
  onChange: (value: WorkspaceEntry[]) => void
}

function emptyEntry(elementType: WorkspaceElementType): WorkspaceEntry {
  const rights = Object.fromEntries(WORKSPACE_RIGHTS.map((right) => [right, false]))
  return { elementType, path: '/', ...rights } as WorkspaceEntry
}

/**
 * Workspaces: per element type a table of paths with a checkbox per right. Without "list", the
 * other rights of a row are void, so they are shown disabled until it is ticked.
 */
export function WorkspacesEditor({ value, onChange }: WorkspacesEditorProps) {
  const { t } = useTranslation()
  const update = (index: number, change: Partial<WorkspaceEntry>) =>
    onChange(value.map((entry, i) => (i === index ? { ...entry, ...change } : entry)))
  return (
    <Stack gap="xl">
      {WORKSPACE_ELEMENT_TYPES.map((elementType) => {
        const titleId = `workspaces-${elementType}`
        const typeLabel = t(`admin.elementType.${elementType}` as 'admin.elementType.asset')
        const rows = value
          .map((entry, index) => ({ entry, index }))
          .filter(({ entry }) => entry.elementType === elementType)
        return (
          <Stack key={elementType} gap="xs" component="section" aria-labelledby={titleId}>
            <Title order={3} size="h5" id={titleId}>
              {typeLabel}
            </Title>
            <Table.ScrollContainer minWidth={900}>
              <Table striped withTableBorder aria-labelledby={titleId}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.workspace.path')}</Table.Th>
                    {WORKSPACE_RIGHTS.map((right) => (
                      <Table.Th key={right} ta="center">
                        {t(`admin.workspace.right.${right}` as 'admin.workspace.right.list')}
                      </Table.Th>
                    ))}
                    <Table.Th>
                      <VisuallyHidden>{t('admin.common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={WORKSPACE_RIGHTS.length + 2} c="dimmed">
                        {t('admin.workspace.empty')}
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {rows.map(({ entry, index }, rowNumber) => {
                    const pathLabel = t('admin.workspace.pathOfRow', {
                      type: typeLabel,
                      row: rowNumber + 1,
                    })
                    return (
                      <Table.Tr key={index}>
                        <Table.Td miw={200}>
                          <TextInput
                            aria-label={pathLabel}
                            value={entry.path}
                            onChange={(event) => update(index, { path: event.currentTarget.value })}
                            error={
                              entry.path.startsWith('/')
                                ? undefined
                                : t('admin.workspace.pathInvalid')
                            }
                            size="xs"
                          />
                        </Table.Td>
                        {WORKSPACE_RIGHTS.map((right) => (
                          <Table.Td key={right} ta="center">
                            <Checkbox
                              aria-label={t('admin.workspace.rightOf', {
                                right: t(
                                  `admin.workspace.right.${right}` as 'admin.workspace.right.list',
                                ),
                                path: entry.path,
                              })}
                              checked={entry[right]}
                              disabled={right !== 'list' && !entry.list}
                              onChange={(event) =>
                                update(index, { [right]: event.currentTarget.checked })
                              }
                              styles={{ body: { justifyContent: 'center' } }}
                            />
                          </Table.Td>
                        ))}
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('admin.workspace.remove', { path: entry.path })}
                            onClick={() => onChange(value.filter((_, i) => i !== index))}
                          >
                            ×
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    )
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Button
              variant="default"
              size="xs"
              w="fit-content"
              onClick={() => onChange([...value, emptyEntry(elementType)])}
            >
              {t('admin.workspace.add', { type: typeLabel })}
            </Button>
          </Stack>
        )
      })}
    </Stack>
  )
}
