import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCIES } from '@optika/domain/commerce/currencies'
import {
  CHART_KINDS,
  CHART_RANGES,
  type Widget,
  type WidgetConfig,
  type WidgetType,
} from '@optika/domain/operations/dashboards'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { useChartReports } from '../api/portlet-data-api.ts'

/** Widgets with settings beyond their place on the dashboard. */
export function hasSettings(type: WidgetType): boolean {
  return type !== 'systemStatus' && type !== 'areaLinks'
}

type Field =
  'currency' | 'days' | 'kind' | 'limit' | 'onlyMine' | 'threshold' | 'report' | 'onlyUnread'

const FIELDS: Record<WidgetType, readonly Field[]> = {
  systemStatus: [],
  areaLinks: [],
  ordersChart: ['currency', 'days', 'kind'],
  latestOrders: ['limit'],
  pendingPartners: ['limit'],
  modifiedObjects: ['onlyMine'],
  modifiedAssets: ['onlyMine'],
  modifiedDocuments: ['onlyMine'],
  modificationStatistics: ['days'],
  lowStock: ['threshold', 'limit'],
  httpErrors: ['limit'],
  customReportChart: ['report'],
  notifications: ['onlyUnread'],
}

/** A widget's settings as a small form; the server checks them against the widget's schema. */
export function WidgetSettingsModal({
  widget,
  title,
  opened,
  onClose,
  onSave,
  saving,
  error,
}: {
  widget: Widget
  title: string
  opened: boolean
  onClose: () => void
  onSave: (config: WidgetConfig) => void
  saving: boolean
  error: unknown
}) {
  const { t } = useTranslation()
  const [config, setConfig] = useState<WidgetConfig>(widget.config)
  const fields = FIELDS[widget.type]
  const reports = useChartReports(opened && fields.includes('report'))
  const set = (name: string, value: string | number | boolean | undefined) =>
    setConfig((current) => {
      const next = { ...current }
      if (value === undefined || value === '') delete next[name]
      else next[name] = value
      return next
    })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave(config)
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dashboards.widget.settingsTitle', { title })}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          {fields.includes('currency') && (
            <Select
              label={t('dashboards.settings.currency')}
              data={[...CURRENCIES]}
              value={typeof config.currency === 'string' ? config.currency : null}
              onChange={(value) => set('currency', value ?? undefined)}
              clearable
            />
          )}
          {fields.includes('days') && (
            <Select
              label={t('dashboards.settings.days')}
              data={CHART_RANGES.map((count) => ({
                value: String(count),
                label: t('dashboards.settings.daysOption', { count }),
              }))}
              value={String(config.days ?? 30)}
              allowDeselect={false}
              onChange={(value) => set('days', value === null ? undefined : Number(value))}
            />
          )}
          {fields.includes('kind') && (
            <Select
              label={t('dashboards.settings.kind')}
              data={CHART_KINDS.map((kind) => ({
                value: kind,
                label: t(
                  kind === 'bar' ? 'dashboards.settings.kindBar' : 'dashboards.settings.kindLine',
                ),
              }))}
              value={typeof config.kind === 'string' ? config.kind : 'line'}
              allowDeselect={false}
              onChange={(value) => set('kind', value ?? undefined)}
            />
          )}
          {fields.includes('threshold') && (
            <NumberInput
              label={t('dashboards.settings.threshold')}
              min={0}
              max={10_000}
              value={typeof config.threshold === 'number' ? config.threshold : 5}
              onChange={(value) => set('threshold', typeof value === 'number' ? value : undefined)}
            />
          )}
          {fields.includes('limit') && (
            <NumberInput
              label={t('dashboards.settings.limit')}
              min={3}
              max={50}
              value={typeof config.limit === 'number' ? config.limit : 8}
              onChange={(value) => set('limit', typeof value === 'number' ? value : undefined)}
            />
          )}
          {fields.includes('onlyMine') && (
            <Checkbox
              label={t('dashboards.settings.onlyMine')}
              checked={config.onlyMine === true}
              onChange={(event) => set('onlyMine', event.currentTarget.checked)}
            />
          )}
          {fields.includes('onlyUnread') && (
            <Checkbox
              label={t('dashboards.settings.onlyUnread')}
              checked={config.onlyUnread === true}
              onChange={(event) => set('onlyUnread', event.currentTarget.checked)}
            />
          )}
          {fields.includes('report') &&
            (reports.isSuccess && reports.data.length === 0 ? (
              <Text c="dimmed">{t('dashboards.report.none')}</Text>
            ) : (
              <Select
                label={t('dashboards.settings.report')}
                data={(reports.data ?? []).map((report) => ({
                  value: report.name,
                  label: report.niceName || report.name,
                }))}
                value={typeof config.report === 'string' ? config.report : null}
                onChange={(value) => set('report', value ?? undefined)}
                searchable
                disabled={!reports.isSuccess}
              />
            ))}
          {reports.isError && <RequestErrorAlert error={reports.error} />}
          <RequestErrorAlert error={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('dashboards.screen.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('dashboards.screen.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
