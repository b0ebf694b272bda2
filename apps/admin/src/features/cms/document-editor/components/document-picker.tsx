import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DocumentType } from '@optika/domain/cms/document-api'
import { FileIcon, FolderIcon } from '../../../../components/icons.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import type { DocumentNode } from '@optika/domain/cms/document-tree-api'
import { useDocumentChildren, useDocumentLabel } from '../api/document-editor-api.ts'

/** The document tree's root (made by the migration). */
const ROOT_ID = 1

/**
 * Chooses one document (a link's target, an embedded snippet): the chosen one's path, and a
 * dialog that walks the document tree; only documents of `types` can be chosen.
 */
export function DocumentPicker({
  label,
  value,
  onChange,
  types,
  readOnly,
}: {
  label: string
  value: number | null
  onChange: (id: number | null) => void
  types: readonly DocumentType[]
  readOnly: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const chosen = useDocumentLabel(value)
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text size="sm" fw={500} component="span">
        {label}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Text
          size="sm"
          c={value === null ? 'dimmed' : undefined}
          style={{ wordBreak: 'break-all' }}
        >
          {value === null ? t('cmsAdminEditor.picker.none') : (chosen.data?.path ?? `#${value}`)}
        </Text>
        {!readOnly && (
          <>
            <Button size="compact-xs" variant="light" onClick={() => setOpen(true)}>
              {t('cmsAdminEditor.picker.chooseDocument', { name: label })}
            </Button>
            {value !== null && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(null)}>
                {t('cmsAdminEditor.picker.clear', { name: label })}
              </Button>
            )}
          </>
        )}
      </Group>
      {open && (
        <DocumentBrowser
          title={label}
          types={types}
          onClose={() => setOpen(false)}
          onPick={(id) => {
            onChange(id)
            setOpen(false)
          }}
        />
      )}
    </Stack>
  )
}

function DocumentBrowser({
  title,
  types,
  onClose,
  onPick,
}: {
  title: string
  types: readonly DocumentType[]
  onClose: () => void
  onPick: (id: number) => void
}) {
  const { t } = useTranslation()
  const [trail, setTrail] = useState<DocumentNode[]>([])
  const folder = trail.at(-1)
  const children = useDocumentChildren(folder?.id ?? ROOT_ID)
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={trail.length === 0}
            onClick={() => setTrail(trail.slice(0, -1))}
          >
            {t('cmsAdminEditor.picker.up')}
          </Button>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {folder?.path ?? '/'}
          </Text>
        </Group>
        <RequestErrorAlert error={children.error} />
        {children.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('cmsAdminEditor.picker.empty')}
          </Text>
        )}
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {(children.data ?? []).map((node) => {
            const pickable = types.includes(node.type)
            return (
              <Group key={node.id} component="li" gap="xs" wrap="nowrap">
                <UnstyledButton
                  disabled={!node.hasChildren}
                  onClick={() => setTrail([...trail, node])}
                  aria-label={t('cmsAdminEditor.picker.openFolder', { name: node.key })}
                  style={{ display: 'inline-flex', opacity: node.hasChildren ? 1 : 0.3 }}
                >
                  {node.hasChildren ? <FolderIcon size={18} /> : <FileIcon size={18} />}
                </UnstyledButton>
                <Text size="sm" style={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
                  {node.key}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {t(`cmsAdminEditor.documentType.${node.type}`)}
                  </Text>
                </Text>
                {pickable && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => onPick(node.id)}
                    aria-label={t('cmsAdminEditor.picker.pick', { name: node.path })}
                  >
                    {t('cmsAdminEditor.picker.pickShort')}
                  </Button>
                )}
              </Group>
            )
          })}
        </Stack>
      </Stack>
    </Modal>
  )
}
