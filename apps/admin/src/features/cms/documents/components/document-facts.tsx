import { Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { DocumentData } from '@optika/domain/cms/document-tree-api'
import { DescriptionFields } from '../../../../components/description-fields.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { templateLabel } from '../model/template-label.ts'

/**
 * What is known of a folder (or of a page, snippet or e-mail while the editor is not built in):
 * its template, versions, dates and who made and last changed it.
 */
export function DocumentFacts({ document }: { document: DocumentData }) {
  const { t, i18n } = useTranslation()
  const { dateTime } = useFormats()
  const rows: [string, string][] = [
    [t('cmsAdminTree.facts.id'), String(document.id)],
    [t('cmsAdminTree.facts.template'), templateLabel(document.template, t, (k) => i18n.exists(k))],
    [t('cmsAdminTree.facts.versions'), String(document.versionCount)],
    [t('cmsAdminTree.facts.created'), dateTime(document.creationDate)],
    [t('cmsAdminTree.facts.modified'), dateTime(document.modificationDate)],
    [t('cmsAdminTree.facts.owner'), document.userOwner ?? ''],
    [t('cmsAdminTree.facts.modifiedBy'), document.userModification ?? ''],
  ]
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-facts-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="document-facts-title">
          {t('cmsAdminTree.facts.title')}
        </Title>
        {document.draft !== undefined && (
          <Text size="sm" c="orange.9">
            {t('cmsAdminTree.facts.draft', { date: dateTime(document.draft.date) })}
          </Text>
        )}
        <DescriptionFields rows={rows} />
      </Stack>
    </Paper>
  )
}
