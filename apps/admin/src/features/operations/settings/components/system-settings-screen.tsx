import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { TabbedScreen } from '../../../../components/tabbed-screen.tsx'

const SystemPanel = lazy(async () => ({
  default: (await import('../system/system-panel.tsx')).SystemPanel,
}))
const WebsiteSettingsPanel = lazy(async () => ({
  default: (await import('../website/website-settings-panel.tsx')).WebsiteSettingsPanel,
}))
const CachesPanel = lazy(async () => ({
  default: (await import('../caches/caches-panel.tsx')).CachesPanel,
}))
const ImageThumbnailsPanel = lazy(async () => ({
  default: (await import('../thumbnails/image-thumbnails-panel.tsx')).ImageThumbnailsPanel,
}))
const VideoThumbnailsPanel = lazy(async () => ({
  default: (await import('../thumbnails/video-thumbnails-panel.tsx')).VideoThumbnailsPanel,
}))
const PredefinedPropertiesPanel = lazy(async () => ({
  default: (await import('../properties/predefined-properties-panel.tsx'))
    .PredefinedPropertiesPanel,
}))
const MetadataDefinitionsPanel = lazy(async () => ({
  default: (await import('../metadata/metadata-definitions-panel.tsx')).MetadataDefinitionsPanel,
}))

/** /admin/system-settings — system settings, website settings, caches, thumbnail configurations, predefined properties and asset metadata definitions. */
export function SystemSettingsScreen() {
  const { t } = useTranslation()
  return (
    <TabbedScreen
      screen="/admin/system-settings"
      title={t('admin.nav.settings')}
      description={t('admin.screen.settings.description')}
      tabs={[
        {
          path: 'system',
          label: t('systemSettings.tab.system'),
          keys: ['settings'],
          Panel: SystemPanel,
        },
        {
          path: 'website',
          label: t('systemSettings.tab.website'),
          keys: ['websiteSettings'],
          Panel: WebsiteSettingsPanel,
        },
        {
          path: 'caches',
          label: t('systemSettings.tab.caches'),
          keys: ['clearCache'],
          Panel: CachesPanel,
        },
        {
          path: 'thumbnails',
          label: t('thumbnailSettings.tab.images'),
          keys: ['thumbnails'],
          Panel: ImageThumbnailsPanel,
        },
        {
          path: 'video-thumbnails',
          label: t('thumbnailSettings.tab.videos'),
          keys: ['thumbnails'],
          Panel: VideoThumbnailsPanel,
        },
        {
          path: 'properties',
          label: t('thumbnailSettings.tab.properties'),
          keys: ['predefinedProperties'],
          Panel: PredefinedPropertiesPanel,
        },
        {
          path: 'metadata',
          label: t('thumbnailSettings.tab.metadata'),
          keys: ['assetMetadata'],
          Panel: MetadataDefinitionsPanel,
        },
      ]}
    />
  )
}
