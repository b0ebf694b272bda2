import type { adminCatalogue } from '@optika/i18n/catalogue/admin'
import type { adminPimObjectsCatalogue } from '@optika/i18n/catalogue/admin-pim-objects'
import type { adminPimGridCatalogue } from '@optika/i18n/catalogue/admin-pim-grid'
import type { adminPimClassesCatalogue } from '@optika/i18n/catalogue/admin-pim-classes'
import type { adminPimStoresCatalogue } from '@optika/i18n/catalogue/admin-pim-stores'
import type { seedCatalogue } from '@optika/i18n/catalogue/seed'
import type { catalogueOptionsCatalogue } from '@optika/i18n/catalogue/catalogue-options'
import type { adminCustomersCatalogue } from '@optika/i18n/catalogue/admin-customers'
import type { adminOrdersCatalogue } from '@optika/i18n/catalogue/admin-orders'
import type { adminShopCatalogue } from '@optika/i18n/catalogue/admin-shop'
import type { commerceCatalogue } from '@optika/i18n/catalogue/commerce'
import type { adminFixesCatalogue } from '@optika/i18n/catalogue/admin-fixes'
import type { assetLibraryCatalogue } from '@optika/i18n/catalogue/asset-library'
import type { assetEditorCatalogue } from '@optika/i18n/catalogue/asset-editor'
import type { cmsEditablesCatalogue } from '@optika/i18n/catalogue/cms-editables'
import type { cmsAdminTreeCatalogue } from '@optika/i18n/catalogue/cms-admin-tree'
import type { cmsAdminEditorCatalogue } from '@optika/i18n/catalogue/cms-admin-editor'
import type { cmsMailsCatalogue } from '@optika/i18n/catalogue/cms-mails'
import type { contactCatalogue } from '@optika/i18n/catalogue/contact'
import type { forumModerationCatalogue } from '@optika/i18n/catalogue/forum-moderation'
import type { adminTranslationsCatalogue } from '@optika/i18n/catalogue/admin-translations'
import type { contentExportCatalogue } from '@optika/i18n/catalogue/content-export'
import type { adminUsersCatalogue } from '@optika/i18n/catalogue/admin-users'
import type { seoRedirectsCatalogue } from '@optika/i18n/catalogue/seo-redirects'
import type { seoSiteCatalogue } from '@optika/i18n/catalogue/seo-site'
import type { systemSettingsCatalogue } from '@optika/i18n/catalogue/system-settings'
import type { thumbnailSettingsCatalogue } from '@optika/i18n/catalogue/thumbnail-settings'
import type { tagManagerCatalogue } from '@optika/i18n/catalogue/tag-manager'
import type { emailLogCatalogue } from '@optika/i18n/catalogue/email-log'
import type { adminSearchCatalogue } from '@optika/i18n/catalogue/admin-search'
import type { siteToolsCatalogue } from '@optika/i18n/catalogue/site-tools'
import type { targetingCatalogue } from '@optika/i18n/catalogue/targeting'
import type { customReportsCatalogue } from '@optika/i18n/catalogue/custom-reports'
import type { applicationLogCatalogue } from '@optika/i18n/catalogue/application-log'
import type { gdprCatalogue } from '@optika/i18n/catalogue/gdpr'
import type { dashboardsCatalogue } from '@optika/i18n/catalogue/dashboards'
import type { notificationsCatalogue } from '@optika/i18n/catalogue/notifications'
import type { workflowCatalogue } from '@optika/i18n/catalogue/workflow'

/**
 * Types `t()` against the admin catalogue, plus the seed's texts the back office reuses (sign-in
 * and password messages): a key neither has is a compile error. Keys are flat
 * (`admin.nav.dashboard` is one key, not a path), hence no key or namespace separator.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    keySeparator: false
    nsSeparator: false
    resources: {
      translation: Record<
        | keyof typeof adminCatalogue
        | keyof typeof seedCatalogue
        | keyof typeof adminPimObjectsCatalogue
        | keyof typeof adminPimGridCatalogue
        | keyof typeof adminPimClassesCatalogue
        | keyof typeof adminPimStoresCatalogue
        | keyof typeof catalogueOptionsCatalogue
        | keyof typeof adminCustomersCatalogue
        | keyof typeof adminOrdersCatalogue
        | keyof typeof adminShopCatalogue
        | keyof typeof commerceCatalogue
        | keyof typeof adminFixesCatalogue
        | keyof typeof assetLibraryCatalogue
        | keyof typeof assetEditorCatalogue
        | keyof typeof cmsEditablesCatalogue
        | keyof typeof cmsAdminTreeCatalogue
        | keyof typeof cmsAdminEditorCatalogue
        | keyof typeof cmsMailsCatalogue
        | keyof typeof contactCatalogue
        | keyof typeof forumModerationCatalogue
        | keyof typeof adminTranslationsCatalogue
        | keyof typeof contentExportCatalogue
        | keyof typeof adminUsersCatalogue
        | keyof typeof seoRedirectsCatalogue
        | keyof typeof seoSiteCatalogue
        | keyof typeof systemSettingsCatalogue
        | keyof typeof thumbnailSettingsCatalogue
        | keyof typeof tagManagerCatalogue
        | keyof typeof emailLogCatalogue
        | keyof typeof adminSearchCatalogue
        | keyof typeof siteToolsCatalogue
        | keyof typeof workflowCatalogue
        | keyof typeof notificationsCatalogue
        | keyof typeof dashboardsCatalogue
        | keyof typeof gdprCatalogue
        | keyof typeof applicationLogCatalogue
        | keyof typeof customReportsCatalogue
        | keyof typeof targetingCatalogue,
        string
      >
    }
  }
}
