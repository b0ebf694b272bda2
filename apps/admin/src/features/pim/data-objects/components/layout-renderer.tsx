import { Fieldset, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { LayoutDefinition, LayoutNode } from '@optika/domain/pim/class-definition'
import { LOCALES } from '@optika/i18n/locales'
import { WarningIcon } from '../../../../components/icons.tsx'
import { FieldWidget } from '../fields/field-widget.tsx'
import { useEditorContext } from '../model/editor-context.ts'
import { useLayoutTitle } from '../model/layout-title.ts'
import { useRememberedTab } from '../model/tab-memory.ts'
import { errorsBelow } from '../model/field-errors.ts'
import { fieldPath, fieldsOf, hasVisibleContent, isLocaleFilled } from '../model/layout-model.ts'
import { formatDataPath, type DataPath } from '../model/object-data.ts'

interface LayoutProps {
  nodes: readonly LayoutNode[]
  /** Where the fields' values live (`[]` for the object, `['filters', 2]` inside a block row). */
  basePath: DataPath
  /** Set inside localized fields: every field's value is per language. */
  locale?: string
  /** Heading level of panel titles at this depth. */
  level?: 3 | 4 | 5
}

/** One layout node of a LayoutRenderer, at a known heading level. */
interface LayoutNodeProps extends Omit<LayoutProps, 'nodes' | 'level'> {
  node: LayoutDefinition
  level: 3 | 4 | 5
}

/** Renders a class layout (panels, tabs, field sets, regions, localized fields) and its fields. */
export function LayoutRenderer({ nodes, basePath, locale, level = 3 }: LayoutProps) {
  return (
    <Stack gap="md">
      {nodes
        .filter(hasVisibleContent)
        .map((node) =>
          node.kind === 'field' ? (
            <FieldWidget key={node.name} field={node} path={fieldPath(basePath, node, locale)} />
          ) : (
            <LayoutContainer
              key={node.name}
              node={node}
              basePath={basePath}
              level={level}
              {...(locale === undefined ? {} : { locale })}
            />
          ),
        )}
    </Stack>
  )
}

function LayoutContainer({ node, basePath, locale, level }: LayoutNodeProps) {
  const titleOf = useLayoutTitle()
  const inner = (nodes: readonly LayoutNode[], nextLevel = level) => (
    <LayoutRenderer
      nodes={nodes}
      basePath={basePath}
      level={nextLevel}
      {...(locale === undefined ? {} : { locale })}
    />
  )
  const deeper = Math.min(level + 1, 5) as 3 | 4 | 5
  switch (node.type) {
    case 'panel':
      return (
        <Paper withBorder radius="md" p="md" component="section" aria-label={titleOf(node)}>
          <Stack gap="sm">
            {node.title !== '' && (
              <Title order={level} size="h5">
                {titleOf(node)}
              </Title>
            )}
            {inner(node.children, deeper)}
          </Stack>
        </Paper>
      )
    case 'tabpanel':
      return (
        <LayoutTabs
          node={node}
          basePath={basePath}
          level={level}
          {...(locale === undefined ? {} : { locale })}
        />
      )
    case 'fieldset':
      return (
        <Fieldset legend={node.title === '' ? undefined : titleOf(node)}>
          {inner(node.children)}
        </Fieldset>
      )
    case 'region':
      return inner(node.children)
    case 'localizedfields':
      return <LocalizedTabs node={node} basePath={basePath} level={level} />
  }
}

/** A tab per child; a child panel's own title becomes the tab (Pimcore's tabpanel). */
function LayoutTabs({ node, basePath, locale, level }: LayoutNodeProps) {
  const { t } = useTranslation()
  const { errors } = useEditorContext()
  const titleOf = useLayoutTitle()
  const children = node.children.filter(hasVisibleContent)
  const [tab, setTab] = useRememberedTab(
    `layout:${formatDataPath(basePath)}:${node.name}`,
    children[0]?.name ?? '',
  )
  if (children.length === 0) return null
  const active = children.some((child) => child.name === tab) ? tab : (children[0]?.name ?? '')
  return (
    <Tabs value={active} onChange={setTab} keepMounted={false} variant="outline">
      <Tabs.List>
        {children.map((child) => {
          const failing = fieldsOf([child]).some(
            (field) => errorsBelow(errors, formatDataPath([...basePath, field.name])).length > 0,
          )
          return (
            <Tabs.Tab key={child.name} value={child.name} color={failing ? 'red' : undefined}>
              {titleOf(child)}
              {failing && (
                <WarningIcon
                  label={t('adminFixes.tab.hasErrors')}
                  style={{ marginInlineStart: 4 }}
                />
              )}
            </Tabs.Tab>
          )
        })}
      </Tabs.List>
      {children.map((child) => (
        <Tabs.Panel key={child.name} value={child.name} pt="md">
          <LayoutRenderer
            nodes={child.kind === 'layout' && child.type === 'panel' ? child.children : [child]}
            basePath={basePath}
            level={level}
            {...(locale === undefined ? {} : { locale })}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}

/** A tab per language; a tab shows whether the language is filled in and whether it has errors. */
function LocalizedTabs({
  node,
  basePath,
  level,
}: {
  node: LayoutDefinition
  basePath: DataPath
  level: 3 | 4 | 5
}) {
  const { t } = useTranslation()
  const { data, errors } = useEditorContext()
  const fields = fieldsOf(node.children)
  const [language, setLanguage] = useRememberedTab(
    `localized:${formatDataPath(basePath)}:${node.name}`,
    'cs',
  )
  return (
    <Tabs value={language} onChange={setLanguage} keepMounted={false}>
      <Tabs.List aria-label={t('adminPimObjects.localized.languages')}>
        {LOCALES.map((language) => {
          const filled = isLocaleFilled(data, basePath, node.children, language)
          const failing = fields.some(
            (field) =>
              errorsBelow(errors, formatDataPath(fieldPath(basePath, field, language))).length > 0,
          )
          return (
            <Tabs.Tab
              key={language}
              value={language}
              color={failing ? 'red' : undefined}
              rightSection={
                <Text
                  title={
                    filled
                      ? t('adminPimObjects.localized.filled')
                      : t('adminPimObjects.localized.empty')
                  }
                  span
                  aria-hidden
                  size="xs"
                  c={failing ? 'red' : filled ? 'teal.9' : 'dimmed'}
                >
                  {filled ? '●' : '○'}
                </Text>
              }
            >
              {language.toUpperCase()}
            </Tabs.Tab>
          )
        })}
      </Tabs.List>
      {LOCALES.map((language) => (
        <Tabs.Panel key={language} value={language} pt="sm">
          <LayoutRenderer
            nodes={node.children}
            basePath={basePath}
            locale={language}
            level={level}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  )
}
