import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AssetNode } from '@optika/domain/pim/asset-api'
import { FileIcon, FolderIcon } from '../../../../components/icons.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import {
  assetKeys,
  uploadAsset,
  useAssetChildren,
  useAssetRoot,
  useAssets,
} from '../api/asset-picker-api.ts'

export interface AssetPickerProps {
  readonly value: number[]
  onChange: (ids: number[]) => void
  readonly multiple: boolean
  readonly label: string
}

function thumbnailOf(id: number): string {
  return `/admin/asset/get-image-thumbnail?id=${id}`
}

/**
 * Chooses images from the asset library: the chosen ones as thumbnails (remove, reorder), and a
 * dialog to browse folders, upload a picture and pick. Used by image and imageGallery fields.
 */
export function AssetPicker({ value, onChange, multiple, label }: AssetPickerProps) {
  const { t } = useTranslation()
  const labelId = useId()
  const [open, setOpen] = useState(false)
  const chosen = useAssets(value)
  const nameOf = (index: number, id: number) => chosen[index]?.data?.key ?? `#${id}`
  const move = (index: number, delta: -1 | 1) => {
    const next = [...value]
    const [moved] = next.splice(index, 1)
    if (moved !== undefined) next.splice(index + delta, 0, moved)
    onChange(next)
  }
  return (
    <Stack gap={4}>
      <Text component="span" id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Stack gap="xs" role="group" aria-labelledby={labelId}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('adminPimClasses.assetPicker.empty')}
          </Text>
        ) : (
          <Group gap="sm">
            {value.map((id, index) => (
              <Paper key={`${id}-${index}`} withBorder p={4} radius="sm">
                <Stack gap={2} align="center">
                  <Image
                    src={thumbnailOf(id)}
                    alt={nameOf(index, id)}
                    w={96}
                    h={72}
                    fit="contain"
                  />
                  <Group gap={2}>
                    {multiple && (
                      <>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          disabled={index === 0}
                          aria-label={t('adminPimClasses.layout.moveUp', {
                            name: nameOf(index, id),
                          })}
                          onClick={() => move(index, -1)}
                        >
                          ←
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          disabled={index === value.length - 1}
                          aria-label={t('adminPimClasses.layout.moveDown', {
                            name: nameOf(index, id),
                          })}
                          onClick={() => move(index, 1)}
                        >
                          →
                        </ActionIcon>
                      </>
                    )}
                    <ActionIcon
                      component={Link}
                      to={`/assets/${id}`}
                      variant="subtle"
                      size="sm"
                      aria-label={t('assetEditor.picker.open', { name: nameOf(index, id) })}
                    >
                      ↗
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('adminPimClasses.assetPicker.remove', {
                        name: nameOf(index, id),
                      })}
                      onClick={() => onChange(value.filter((_, i) => i !== index))}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Group>
        )}
        <Group>
          <Button variant="light" size="xs" onClick={() => setOpen(true)}>
            {multiple
              ? t('adminPimClasses.assetPicker.choose')
              : t('adminPimClasses.assetPicker.chooseOne')}
          </Button>
        </Group>
      </Stack>
      {open && (
        <AssetBrowser
          multiple={multiple}
          initial={value}
          onClose={() => setOpen(false)}
          onDone={(ids) => {
            onChange(ids)
            setOpen(false)
          }}
        />
      )}
    </Stack>
  )
}

function AssetBrowser({
  multiple,
  initial,
  onClose,
  onDone,
}: {
  multiple: boolean
  initial: readonly number[]
  onClose: () => void
  onDone: (ids: number[]) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const root = useAssetRoot()
  const [trail, setTrail] = useState<AssetNode[]>([])
  const folder = trail.at(-1) ?? root.data ?? null
  const children = useAssetChildren(folder?.id ?? null)
  const [picked, setPicked] = useState<number[]>([...initial])

  const choose = (id: number) => {
    if (!multiple) {
      onDone([id])
      return
    }
    setPicked((current) =>
      current.includes(id) ? current.filter((x) => x !== id) : [...current, id],
    )
  }
  const upload = useMutation({
    mutationFn: (file: File) => {
      if (!folder) throw new Error('No folder')
      return uploadAsset(folder.id, file)
    },
    onSuccess: async (asset) => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all })
      choose(asset.id)
    },
  })

  return (
    <Modal opened onClose={onClose} title={t('adminPimClasses.assetPicker.dialogTitle')} size="xl">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              disabled={trail.length === 0}
              onClick={() => setTrail(trail.slice(0, -1))}
            >
              {t('adminPimClasses.assetPicker.up')}
            </Button>
            <Text size="sm" fw={600}>
              {folder?.fullPath ?? '/'}
            </Text>
          </Group>
          <FileButton
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/tiff"
            onChange={(file) => {
              if (file) upload.mutate(file)
            }}
          >
            {(props) => (
              <Button size="xs" variant="light" loading={upload.isPending} {...props}>
                {t('adminPimClasses.assetPicker.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
        <RequestErrorAlert error={upload.error ?? root.error ?? children.error} />
        {children.data?.nodes.length === 0 && (
          <Text c="dimmed">{t('adminPimClasses.assetPicker.folderEmpty')}</Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} role="list" aria-label={folder?.fullPath ?? '/'}>
          {children.data?.nodes.map((node) => {
            const isPicked = picked.includes(node.id)
            return (
              <div role="listitem" key={node.id}>
                <UnstyledButton
                  w="100%"
                  p={6}
                  aria-pressed={node.type === 'folder' ? undefined : isPicked}
                  style={{
                    borderRadius: 6,
                    border: isPicked
                      ? '2px solid var(--mantine-color-blue-filled)'
                      : '1px solid var(--mantine-color-default-border)',
                  }}
                  onClick={() =>
                    node.type === 'folder' ? setTrail([...trail, node]) : choose(node.id)
                  }
                >
                  <Stack gap={4} align="center">
                    {node.thumbnail ? (
                      <Image src={node.thumbnail} alt="" w={120} h={90} fit="contain" />
                    ) : (
                      <Text size="xl" aria-hidden style={{ display: 'inline-flex' }}>
                        {node.type === 'folder' ? <FolderIcon size={32} /> : <FileIcon size={32} />}
                      </Text>
                    )}
                    <Text size="xs" ta="center" style={{ wordBreak: 'break-all' }}>
                      {node.key}
                    </Text>
                  </Stack>
                </UnstyledButton>
              </div>
            )
          })}
        </SimpleGrid>
        {multiple && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('adminPimClasses.common.cancel')}
            </Button>
            <Button onClick={() => onDone(picked)}>{t('adminPimClasses.assetPicker.done')}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  )
}
