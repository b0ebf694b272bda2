import { Anchor, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ElementType } from '@optika/domain/pim/element-api'
import type { WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useFormats } from '../../../../components/use-formats.ts'
import { editorPathOf } from '../../../operations/search/api/admin-search-api.ts'
import { useModifiedElements } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

/** The latest changed objects, assets or documents the user may view, each opening its editor. */
export function ModifiedElementsWidget({
  widget,
  elementType,
}: WidgetBodyProps & { elementType: ElementType }) {
  const { t } = useTranslation()
  const { dateTime } = useFormats()
  const config = widget.config as WidgetConfigOf<'modifiedObjects'>
  const query = useModifiedElements(elementType, config.onlyMine ?? false)
  return (
    <WidgetQueryState query={query} isEmpty={(rows) => rows.length === 0}>
      {(rows) => (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <li key={row.id} style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={editorPathOf(elementType, row.id)}
                style={{ overflowWrap: 'anywhere' }}
              >
                {row.path}
              </Anchor>
              <Text size="xs" c="dimmed">
                {dateTime(row.date)}
                {row.userName ? ` · ${t('dashboards.modified.by')}: ${row.userName}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </WidgetQueryState>
  )
}
