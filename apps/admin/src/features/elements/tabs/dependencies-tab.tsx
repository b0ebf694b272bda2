import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ElementSummary, ElementSummaryPage } from '@optika/domain/pim/element-api'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import { DEPENDENCIES_PAGE_SIZE, useDependencies, type ElementRef } from '../api/element-api.ts'

/**
 * What the element requires and what requires it ("used by"), paged; an element still in the tree
 * is a link when `canOpen` says its editor exists.
 */
export function DependenciesTab({
  element,
  canOpen,
  onOpen,
}: {
  element: ElementRef
  canOpen: (item: ElementSummary) => boolean
  onOpen: (item: ElementSummary) => void
}) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const dependencies = useDependencies(element, page)
  if (dependencies.isPending) return <ScreenLoader />
  if (dependencies.isError) return <RequestErrorAlert error={dependencies.error} />
  const pages = Math.max(
    1,
    Math.ceil(
      Math.max(dependencies.data.requires.total, dependencies.data.requiredBy.total) /
        DEPENDENCIES_PAGE_SIZE,
    ),
  )
  return (
    <Stack gap="md">
      <DependencyList
        id="dependencies-requires"
        title={t('adminPimObjects.dependencies.requires')}
        page={dependencies.data.requires}
        canOpen={canOpen}
        onOpen={onOpen}
      />
      <DependencyList
        id="dependencies-required-by"
        title={t('adminPimObjects.dependencies.requiredBy')}
        page={dependencies.data.requiredBy}
        canOpen={canOpen}
        onOpen={onOpen}
      />
      {pages > 1 && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('adminPimObjects.pager.previous')}
          </Button>
          <Text size="sm">{t('adminPimObjects.pager.page', { page, pages })}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('adminPimObjects.pager.next')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

function DependencyList({
  id,
  title,
  page,
  canOpen,
  onOpen,
}: {
  id: string
  title: string
  page: ElementSummaryPage
  canOpen: (item: ElementSummary) => boolean
  onOpen: (item: ElementSummary) => void
}) {
  const { t } = useTranslation()
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h6" id={id} mb="xs">
        {title} ({page.total})
      </Title>
      {page.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('adminPimObjects.dependencies.none')}
        </Text>
      ) : (
        <Table aria-labelledby={id}>
          <Table.Tbody>
            {page.items.map((item) => (
              <Table.Tr key={`${item.elementType}-${item.elementId}`}>
                <Table.Td>{item.elementType}</Table.Td>
                <Table.Td>
                  {item.path !== null && canOpen(item) ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => onOpen(item)}>
                      {item.path}
                    </Anchor>
                  ) : (
                    (item.path ?? `#${item.elementId}`)
                  )}
                </Table.Td>
                <Table.Td>{item.classId ?? item.subtype ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  )
}
