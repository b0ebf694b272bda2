import { route, type RouteConfig } from '@react-router/dev/routes'
import { ROUTES } from '@optika/domain/routing/routes'

// Page paths come from ROUTES, the table every link is built from, so the two cannot drift apart.
// Unknown paths fall through to the documents (with a language segment) or the not-found page.
export default [
  route(ROUTES.home, 'routes/home.tsx'),
  route(ROUTES.category, 'routes/category.tsx'),
  route(ROUTES.product, 'routes/product.tsx'),
  route(ROUTES.search, 'routes/search.tsx'),
  // Cart and checkout (issue 8).
  route(ROUTES.cart, 'routes/cart/cart.tsx'),
  route(ROUTES.cartShippingPayment, 'routes/cart/shipping-payment.tsx'),
  route(ROUTES.cartConfirm, 'routes/cart/confirm.tsx'),
  route(ROUTES.cartFinished, 'routes/cart/finished.tsx'),
  // Customer and partner accounts (issue 7).
  route(ROUTES.login, 'routes/account/login.tsx'),
  route(ROUTES.registration, 'routes/account/registration.tsx'),
  route(ROUTES.partnerRegistration, 'routes/account/partner-registration.tsx'),
  route(ROUTES.lostPassword, 'routes/account/lost-password.tsx'),
  route(ROUTES.newPassword, 'routes/account/new-password.tsx'),
  route(ROUTES.account, 'routes/account/profile.tsx'),
  route(ROUTES.accountOrders, 'routes/account/orders.tsx'),
  route(ROUTES.accountOrder, 'routes/account/order.tsx'),
  route(ROUTES.partnerPriceLists, 'routes/account/price-lists.tsx'),
  route(ROUTES.partnerPromotionMaterial, 'routes/account/promotion-material.tsx'),
  route(ROUTES.partnerComplaints, 'routes/account/complaints.tsx'),
  route(ROUTES.partnerComplaintNew, 'routes/account/complaint-new.tsx'),
  route(ROUTES.partnerComplaint, 'routes/account/complaint.tsx'),
  // Galleries (issue 18).
  route(ROUTES.galleries, 'routes/galleries.tsx'),
  route(ROUTES.gallery, 'routes/gallery.tsx'),
  route(ROUTES.partnerDealerListing, 'routes/account/dealer-listing.tsx'),
  // The dealer map (issue 18).
  route(ROUTES.dealers, 'routes/dealers.tsx'),
  route(ROUTES.dealer, 'routes/dealer.tsx'),
  // Articles (issue 18).
  route(ROUTES.articles, 'routes/articles.tsx'),
  route(ROUTES.article, 'routes/article.tsx'),
  // The forum (issue 18); the moderation queue's own address comes before the boards'.
  route(ROUTES.forum, 'routes/forum.tsx'),
  route(ROUTES.forumModeration, 'routes/forum-moderation.tsx'),
  route(ROUTES.forumThread, 'routes/forum-thread.tsx'),
  route(ROUTES.forumNewThread, 'routes/forum-new-thread.tsx'),
  route(ROUTES.forumBoard, 'routes/forum-board.tsx'),
  // Every other address under a language is a document's (issue 17): the terms, data-protection
  // and contact pages (ROUTES.terms…) and whatever editors add; without a document, not found.
  route(`${ROUTES.home}/*`, 'routes/document.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
