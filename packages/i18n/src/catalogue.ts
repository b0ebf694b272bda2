import type { CatalogueSection } from './catalogue/entry.ts'
import { adminCatalogue } from './catalogue/admin.ts'
import { adminAuthCatalogue } from './catalogue/admin-auth.ts'
import { adminUsersCatalogue } from './catalogue/admin-users.ts'
import { pimClassesCatalogue } from './catalogue/pim-classes.ts'
import { pimObjectsCatalogue } from './catalogue/pim-objects.ts'
import { pimElementsCatalogue } from './catalogue/pim-elements.ts'
import { pimStoresCatalogue } from './catalogue/pim-stores.ts'
import { pimGridCatalogue } from './catalogue/pim-grid.ts'
import { pimAssetsCatalogue } from './catalogue/pim-assets.ts'
import { adminPimObjectsCatalogue } from './catalogue/admin-pim-objects.ts'
import { adminPimGridCatalogue } from './catalogue/admin-pim-grid.ts'
import { adminPimClassesCatalogue } from './catalogue/admin-pim-classes.ts'
import { adminPimStoresCatalogue } from './catalogue/admin-pim-stores.ts'
import { seedCatalogue } from './catalogue/seed.ts'
import { serverCatalogue } from './catalogue/server.ts'
import { storefrontCatalogue } from './catalogue/storefront.ts'
import { catalogueOptionsCatalogue } from './catalogue/catalogue-options.ts'
import { productListCatalogue } from './catalogue/product-list.ts'
import { accountsCatalogue } from './catalogue/accounts.ts'
import { partnerCatalogue } from './catalogue/partner.ts'
import { adminCustomersCatalogue } from './catalogue/admin-customers.ts'
import { productListPageCatalogue } from './catalogue/product-list-page.ts'
import { productListPanelCatalogue } from './catalogue/product-list-panel.ts'
import { profileCatalogue } from './catalogue/profile.ts'
import { accountPagesCatalogue } from './catalogue/account-pages.ts'
import { productDetailCatalogue } from './catalogue/product-detail.ts'
import { productPageCatalogue } from './catalogue/product-page.ts'
import { ratingsCatalogue } from './catalogue/ratings.ts'
import { cartCatalogue } from './catalogue/cart.ts'
import { checkoutCatalogue } from './catalogue/checkout.ts'
import { cartPagesCatalogue } from './catalogue/cart-pages.ts'
import { adminOrdersCatalogue } from './catalogue/admin-orders.ts'
import { adminShopCatalogue } from './catalogue/admin-shop.ts'
import { commerceCatalogue } from './catalogue/commerce.ts'
import { storefrontShellMobileCatalogue } from './catalogue/storefront-shell-mobile.ts'
import { listingFixesCatalogue } from './catalogue/listing-fixes.ts'
import { filterDrawerCatalogue } from './catalogue/filter-drawer.ts'
import { frameFitCatalogue } from './catalogue/frame-fit.ts'
import { productPageMobileCatalogue } from './catalogue/product-page-mobile.ts'
import { checkoutMobileCatalogue } from './catalogue/checkout-mobile.ts'
import { adminFixesCatalogue } from './catalogue/admin-fixes.ts'
import { assetTreeCatalogue } from './catalogue/asset-tree.ts'
import { assetUploadCatalogue } from './catalogue/asset-upload.ts'
import { assetZipCatalogue } from './catalogue/asset-zip.ts'
import { assetThumbnailsCatalogue } from './catalogue/asset-thumbnails.ts'
import { assetGridCatalogue } from './catalogue/asset-grid.ts'
import { assetLibraryCatalogue } from './catalogue/asset-library.ts'
import { assetEditorCatalogue } from './catalogue/asset-editor.ts'
import { cmsTreeCatalogue } from './catalogue/cms-tree.ts'
import { cmsContentCatalogue } from './catalogue/cms-content.ts'
import { cmsSitesCatalogue } from './catalogue/cms-sites.ts'
import { cmsPagesCatalogue } from './catalogue/cms-pages.ts'
import { cmsBricksCatalogue } from './catalogue/cms-bricks.ts'
import { cmsMailsCatalogue } from './catalogue/cms-mails.ts'
import { cmsEditablesCatalogue } from './catalogue/cms-editables.ts'
import { cmsAdminTreeCatalogue } from './catalogue/cms-admin-tree.ts'
import { cmsAdminEditorCatalogue } from './catalogue/cms-admin-editor.ts'
import { dealersCatalogue } from './catalogue/dealers.ts'
import { dealerMapCatalogue } from './catalogue/dealer-map.ts'
import { articlesCatalogue } from './catalogue/articles.ts'
import { galleriesCatalogue } from './catalogue/galleries.ts'
import { forumCatalogue } from './catalogue/forum.ts'
import { forumModerationCatalogue } from './catalogue/forum-moderation.ts'
import { contactCatalogue } from './catalogue/contact.ts'
import { searchSuggestCatalogue } from './catalogue/search-suggest.ts'
import { adminTranslationsCatalogue } from './catalogue/admin-translations.ts'
import { contentExportCatalogue } from './catalogue/content-export.ts'
import { seoRedirectsCatalogue } from './catalogue/seo-redirects.ts'
import { seoSiteCatalogue } from './catalogue/seo-site.ts'
import { emailLogCatalogue } from './catalogue/email-log.ts'
import { adminSearchCatalogue } from './catalogue/admin-search.ts'
import { systemSettingsCatalogue } from './catalogue/system-settings.ts'
import { thumbnailSettingsCatalogue } from './catalogue/thumbnail-settings.ts'
import { siteToolsCatalogue } from './catalogue/site-tools.ts'
import { tagManagerCatalogue } from './catalogue/tag-manager.ts'
import { targetingCatalogue } from './catalogue/targeting.ts'
import { customReportsCatalogue } from './catalogue/custom-reports.ts'
import { applicationLogCatalogue } from './catalogue/application-log.ts'
import { gdprCatalogue } from './catalogue/gdpr.ts'
import { dashboardsCatalogue } from './catalogue/dashboards.ts'
import { notificationsCatalogue } from './catalogue/notifications.ts'
import { workflowCatalogue } from './catalogue/workflow.ts'

/**
 * The default translation catalogue, seeded into the database's dictionary. Sections are split by
 * who shows the text; a key may live in one section only (the catalogue test checks).
 */
export const CATALOGUE_SECTIONS = {
  seed: seedCatalogue,
  server: serverCatalogue,
  storefront: storefrontCatalogue,
  admin: adminCatalogue,
  adminAuth: adminAuthCatalogue,
  adminUsers: adminUsersCatalogue,
  pimClasses: pimClassesCatalogue,
  pimObjects: pimObjectsCatalogue,
  pimElements: pimElementsCatalogue,
  pimStores: pimStoresCatalogue,
  pimGrid: pimGridCatalogue,
  pimAssets: pimAssetsCatalogue,
  adminPimObjects: adminPimObjectsCatalogue,
  adminPimGrid: adminPimGridCatalogue,
  adminPimClasses: adminPimClassesCatalogue,
  adminPimStores: adminPimStoresCatalogue,
  catalogueOptions: catalogueOptionsCatalogue,
  productList: productListCatalogue,
  accounts: accountsCatalogue,
  partner: partnerCatalogue,
  adminCustomers: adminCustomersCatalogue,
  productListPage: productListPageCatalogue,
  productListPanel: productListPanelCatalogue,
  profile: profileCatalogue,
  accountPages: accountPagesCatalogue,
  productDetail: productDetailCatalogue,
  productPage: productPageCatalogue,
  ratings: ratingsCatalogue,
  cart: cartCatalogue,
  checkout: checkoutCatalogue,
  cartPages: cartPagesCatalogue,
  adminOrders: adminOrdersCatalogue,
  adminShop: adminShopCatalogue,
  commerce: commerceCatalogue,
  storefrontShellMobile: storefrontShellMobileCatalogue,
  listingFixes: listingFixesCatalogue,
  filterDrawer: filterDrawerCatalogue,
  frameFit: frameFitCatalogue,
  productPageMobile: productPageMobileCatalogue,
  checkoutMobile: checkoutMobileCatalogue,
  adminFixes: adminFixesCatalogue,
  assetTree: assetTreeCatalogue,
  assetUpload: assetUploadCatalogue,
  assetZip: assetZipCatalogue,
  assetThumbnails: assetThumbnailsCatalogue,
  assetGrid: assetGridCatalogue,
  assetLibrary: assetLibraryCatalogue,
  assetEditor: assetEditorCatalogue,
  cmsTree: cmsTreeCatalogue,
  cmsContent: cmsContentCatalogue,
  cmsSites: cmsSitesCatalogue,
  cmsPages: cmsPagesCatalogue,
  cmsBricks: cmsBricksCatalogue,
  cmsMails: cmsMailsCatalogue,
  cmsEditables: cmsEditablesCatalogue,
  cmsAdminTree: cmsAdminTreeCatalogue,
  cmsAdminEditor: cmsAdminEditorCatalogue,
  dealers: dealersCatalogue,
  dealerMap: dealerMapCatalogue,
  articles: articlesCatalogue,
  galleries: galleriesCatalogue,
  forum: forumCatalogue,
  forumModeration: forumModerationCatalogue,
  contact: contactCatalogue,
  searchSuggest: searchSuggestCatalogue,
  adminTranslations: adminTranslationsCatalogue,
  contentExport: contentExportCatalogue,
  seoRedirects: seoRedirectsCatalogue,
  seoSite: seoSiteCatalogue,
  emailLog: emailLogCatalogue,
  adminSearch: adminSearchCatalogue,
  systemSettings: systemSettingsCatalogue,
  thumbnailSettings: thumbnailSettingsCatalogue,
  siteTools: siteToolsCatalogue,
  tagManager: tagManagerCatalogue,
  workflow: workflowCatalogue,
  notifications: notificationsCatalogue,
  dashboards: dashboardsCatalogue,
  gdpr: gdprCatalogue,
  applicationLog: applicationLogCatalogue,
  customReports: customReportsCatalogue,
  targeting: targetingCatalogue,
} as const satisfies Record<string, CatalogueSection>

export const catalogue: CatalogueSection = Object.assign(
  {},
  ...Object.values(CATALOGUE_SECTIONS),
) as CatalogueSection
