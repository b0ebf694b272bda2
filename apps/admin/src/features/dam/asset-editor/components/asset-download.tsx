import { Button, Group, Select } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AssetData } from '@optika/domain/pim/asset-api'
import { downloadThumbnailUrl, downloadUrl, useThumbnailConfigs } from '../api/asset-editor-api.ts'

/** Download the original file, or a picture in any thumbnail configuration. */
export function AssetDownload({ asset }: { asset: AssetData }) {
  const { t } = useTranslation()
  const configs = useThumbnailConfigs()
  const [config, setConfig] = useState<string | null>(null)
  const isImage = asset.type === 'image'
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Button
        component="a"
        size="xs"
        variant="default"
        href={downloadUrl(asset.id)}
        download={asset.key}
      >
        {t('assetEditor.download.original')}
      </Button>
      {isImage && (
        <>
          <Select
            size="xs"
            w={220}
            label={t('assetEditor.download.config')}
            placeholder={t('assetEditor.download.choose')}
            data={(configs.data ?? []).map((item) => ({
              value: item.name,
              label: t('assetEditor.download.configLabel', {
                name: item.name,
                width: item.width,
                height: item.height,
                format: item.format.toUpperCase(),
              }),
            }))}
            value={config}
            onChange={setConfig}
            disabled={configs.isError}
          />
          <Button
            component="a"
            size="xs"
            variant="light"
            href={config === null ? undefined : downloadThumbnailUrl(asset.id, config)}
            download
            aria-disabled={config === null}
            data-disabled={config === null || undefined}
            onClick={(event) => {
              if (config === null) event.preventDefault()
            }}
          >
            {t('assetEditor.download.thumbnail')}
          </Button>
        </>
      )}
    </Group>
  )
}
