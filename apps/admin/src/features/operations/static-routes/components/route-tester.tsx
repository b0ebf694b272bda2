import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  STATIC_ROUTE_METHODS,
  type StaticRouteMethod,
} from '@optika/domain/operations/static-routes'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { testStaticRoute } from '../api/static-routes-api.ts'

/** "Test an address": which static route answers a storefront address, and what it draws. */
export function RouteTester() {
  const { t } = useTranslation()
  const headingId = useId()
  const [path, setPath] = useState('')
  const [method, setMethod] = useState<StaticRouteMethod>('GET')
  const test = useMutation({ mutationFn: () => testStaticRoute(path.trim(), method) })
  const result = test.data
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('siteTools.routes.test.title')}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (path.trim() !== '') test.mutate()
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('siteTools.routes.test.path')}
              placeholder="/cs/brand/rayban"
              value={path}
              onChange={(event) => setPath(event.currentTarget.value)}
              maxLength={2000}
              style={{ flex: '1 1 14rem', minWidth: 0 }}
            />
            <Select
              label={t('siteTools.routes.test.method')}
              data={[...STATIC_ROUTE_METHODS]}
              value={method}
              onChange={(value) => value && setMethod(value)}
              allowDeselect={false}
              w={110}
            />
            <Button type="submit" loading={test.isPending} disabled={path.trim() === ''}>
              {t('siteTools.routes.test.run')}
            </Button>
          </Group>
        </form>
        <RequestErrorAlert error={test.error} />
        <div role="status">
          {result ? (
            result.matched && result.route ? (
              <Alert color="green">
                <Stack gap={4}>
                  <Text fw={600}>
                    {t('siteTools.routes.test.matched', { name: result.route.name })}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('siteTools.routes.test.target')}:{' '}
                    {result.targetType ? t(`siteTools.routes.target.${result.targetType}`) : ''}{' '}
                    {result.target !== null ? (
                      <Code>{result.target}</Code>
                    ) : (
                      t('siteTools.routes.test.unbuilt')
                    )}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('siteTools.routes.test.values')}:{' '}
                    <Code>
                      {Object.entries(result.params)
                        .map(([k, v]) => `${k}=${v}`)
                        .join(', ')}
                    </Code>
                  </Text>
                  {result.reversed ? (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {t('siteTools.routes.test.reversed')}: <Code>{result.reversed}</Code>
                    </Text>
                  ) : null}
                </Stack>
              </Alert>
            ) : (
              <Alert color="gray">{t('siteTools.routes.test.noMatch')}</Alert>
            )
          ) : null}
        </div>
      </Stack>
    </Paper>
  )
}
