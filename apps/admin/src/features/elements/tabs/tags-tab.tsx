import { ActionIcon, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TagNode } from '@optika/domain/pim/element-api'
import { ChevronDownIcon, ChevronRightIcon } from '../../../components/icons.tsx'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import {
  assignTag,
  elementKeys,
  removeTag,
  useElementTags,
  useTagChildren,
  type ElementRef,
} from '../api/element-api.ts'
import { BatchAssignTags } from '../tag-manager/components/batch-assign-tags.tsx'

/** The element's tags (remove one) and the tag tree to assign more from. */
export function TagsTab({ element, readOnly }: { element: ElementRef; readOnly: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const tags = useElementTags(element)
  const refresh = () => queryClient.invalidateQueries({ queryKey: elementKeys.tags(element) })
  const assign = useMutation({
    mutationFn: (tagId: number) => assignTag(element, tagId),
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: (tagId: number) => removeTag(element, tagId),
    onSuccess: refresh,
  })
  const assigned = new Set((tags.data ?? []).map((tag) => tag.id))
  return (
    <Stack gap="md">
      <RequestErrorAlert error={tags.error ?? assign.error ?? remove.error} />
      <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="tags-assigned">
        <Title order={3} size="h6" id="tags-assigned" mb="xs">
          {t('adminPimObjects.tags.assigned')}
        </Title>
        {tags.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('adminPimObjects.tags.none')}
          </Text>
        )}
        <Group gap="xs">
          {(tags.data ?? []).map((tag) => (
            <Badge
              key={tag.id}
              variant="default"
              size="lg"
              rightSection={
                readOnly ? undefined : (
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={t('adminPimObjects.list.remove', { name: tag.path })}
                    onClick={() => remove.mutate(tag.id)}
                  >
                    ×
                  </ActionIcon>
                )
              }
            >
              {tag.path}
            </Badge>
          ))}
        </Group>
      </Paper>
      {!readOnly && (tags.data?.length ?? 0) > 0 && (
        <BatchAssignTags element={element} tagIds={[...assigned]} />
      )}
      {!readOnly && (
        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="tags-tree">
          <Title order={3} size="h6" id="tags-tree" mb="xs">
            {t('adminPimObjects.tags.tree')}
          </Title>
          <TagBranch parentId={0} assigned={assigned} onAssign={(id) => assign.mutate(id)} />
        </Paper>
      )}
    </Stack>
  )
}

function TagBranch({
  parentId,
  assigned,
  onAssign,
}: {
  parentId: number
  assigned: ReadonlySet<number>
  onAssign: (id: number) => void
}) {
  const { t } = useTranslation()
  const children = useTagChildren(parentId)
  if (children.isPending) return <Loader size="xs" role="status" aria-label={t('admin.loading')} />
  if (children.isError) return <RequestErrorAlert error={children.error} />
  if (children.data.length === 0 && parentId === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('adminPimObjects.tags.noTags')}
      </Text>
    )
  return (
    <Stack
      gap={2}
      component="ul"
      style={{ listStyle: 'none', margin: 0, paddingLeft: parentId === 0 ? 0 : 16 }}
    >
      {children.data.map((tag) => (
        <TagLeaf key={tag.id} tag={tag} assigned={assigned} onAssign={onAssign} />
      ))}
    </Stack>
  )
}

function TagLeaf({
  tag,
  assigned,
  onAssign,
}: {
  tag: TagNode
  assigned: ReadonlySet<number>
  onAssign: (id: number) => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <li>
      <Group gap="xs">
        {tag.hasChildren ? (
          <Button
            size="compact-xs"
            variant="subtle"
            aria-expanded={open}
            aria-label={t('adminPimObjects.tags.expand', { name: tag.name })}
            onClick={() => setOpen(!open)}
          >
            {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          </Button>
        ) : (
          <span style={{ width: 26 }} />
        )}
        <Text size="sm">{tag.name}</Text>
        <Button
          size="compact-xs"
          variant="light"
          disabled={assigned.has(tag.id)}
          aria-label={t('adminPimObjects.tags.assign', { name: tag.path })}
          onClick={() => onAssign(tag.id)}
        >
          {t('tagManager.assign')}
        </Button>
      </Group>
      {open && <TagBranch parentId={tag.id} assigned={assigned} onAssign={onAssign} />}
    </li>
  )
}
