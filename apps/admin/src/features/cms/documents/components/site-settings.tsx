import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Site } from '@optika/domain/cms/document-sites-api'
import type { DocumentData } from '@optika/domain/cms/document-tree-api'
import { LOCALES, isLocale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import { useSiteActions, useSiteOfRoot } from '../api/sites-api.ts'
import { parseDomains } from '../model/site-domains.ts'

/** The site settings of a page: loads the site whose root it is (if any), then the form. */
export function SiteSettings({ document }: { document: DocumentData }) {
  const site = useSiteOfRoot(document.id)
  if (site.isPending) return <ScreenLoader />
  if (site.isError) return <RequestErrorAlert error={site.error} />
  return <SiteForm key={site.data?.id ?? 'new'} document={document} site={site.data} />
}

/**
 * Makes a page the root of a site served on its own domains (Pimcore's "use as site"): the
 * domains, the main one and whether the others redirect to it, the default language, and an
 * error page for any language and per language. "Remove site" makes it an ordinary page again.
 */
function SiteForm({ document, site }: { document: DocumentData; site: Site | null }) {
  const { t } = useTranslation()
  const actions = useSiteActions()
  const [domains, setDomains] = useState((site?.domains ?? []).join('\n'))
  const [mainDomain, setMainDomain] = useState<string | null>(site?.mainDomain || null)
  const [redirect, setRedirect] = useState(site?.redirectToMainDomain ?? false)
  const [defaultLanguage, setDefaultLanguage] = useState<string | null>(
    site?.defaultLanguage ?? document.language,
  )
  const [errorPages, setErrorPages] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      Object.entries(site?.errorDocuments ?? {}).map(([locale, page]) => [locale, page.path]),
    ),
  )
  const [touched, setTouched] = useState(false)
  const parsed = parseDomains(domains)
  const domainError =
    touched && parsed.domains.length === 0
      ? t('admin.form.required')
      : parsed.invalid.length > 0
        ? t('cmsAdminTree.site.domainInvalid', { domain: parsed.invalid.join(', ') })
        : undefined
  const main = mainDomain !== null && parsed.domains.includes(mainDomain) ? mainDomain : null

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (parsed.domains.length === 0 || parsed.invalid.length > 0) return
    const perLanguage = Object.fromEntries(
      Object.entries(errorPages).filter(([locale, path]) => locale !== '' && path.trim() !== ''),
    )
    actions.save.mutate({
      id: document.id,
      domains: parsed.domains,
      mainDomain: main ?? '',
      redirectToMainDomain: redirect,
      defaultLanguage: defaultLanguage !== null && isLocale(defaultLanguage) ? defaultLanguage : '',
      errorDocument: errorPages['']?.trim() ?? '',
      errorDocuments: perLanguage,
    })
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="site-settings-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Title order={3} size="h4" id="site-settings-title">
            {t('cmsAdminTree.site.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {site === null ? t('cmsAdminTree.site.introNew') : t('cmsAdminTree.site.intro')}
          </Text>
          <RequestErrorAlert error={actions.save.error ?? actions.remove.error} />
          {actions.save.isSuccess && (
            <Alert color="green" role="status">
              {t('admin.common.saved')}
            </Alert>
          )}
          <Textarea
            label={t('cmsAdminTree.site.domains')}
            description={t('cmsAdminTree.site.domainsHint')}
            value={domains}
            required
            autosize
            minRows={2}
            onChange={(event) => setDomains(event.currentTarget.value)}
            error={domainError}
          />
          <Select
            label={t('cmsAdminTree.site.mainDomain')}
            description={t('cmsAdminTree.site.mainDomainHint')}
            data={parsed.domains}
            value={main}
            onChange={setMainDomain}
            clearable
          />
          <Checkbox
            label={t('cmsAdminTree.site.redirect')}
            checked={redirect}
            onChange={(event) => setRedirect(event.currentTarget.checked)}
          />
          <Select
            label={t('cmsAdminTree.site.defaultLanguage')}
            data={LOCALES.map((locale) => ({ value: locale, label: languageName(locale) }))}
            value={defaultLanguage}
            onChange={setDefaultLanguage}
            clearable
          />
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {t('cmsAdminTree.site.errorPages')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('cmsAdminTree.site.errorPagesHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {(['', ...LOCALES] as const).map((locale) => (
                <TextInput
                  key={locale || 'any'}
                  label={locale === '' ? t('cmsAdminTree.site.errorPageAny') : languageName(locale)}
                  value={errorPages[locale] ?? ''}
                  placeholder={locale === '' ? '/cs/404' : `/${locale}/404`}
                  onChange={(event) => {
                    const value = event.currentTarget.value
                    setErrorPages((current) => ({ ...current, [locale]: value }))
                  }}
                />
              ))}
            </SimpleGrid>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button type="submit" loading={actions.save.isPending}>
              {site === null ? t('cmsAdminTree.site.create') : t('admin.common.save')}
            </Button>
            {site !== null && (
              <Button
                variant="default"
                color="red"
                loading={actions.remove.isPending}
                onClick={() => actions.remove.mutate(document.id)}
              >
                {t('cmsAdminTree.site.remove')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
