import type { Viewer } from '@optika/domain/accounts/viewer'
import type { RatingSummary } from '@optika/domain/catalogue/rating-api'
import type { Db } from '../../db/client.ts'

export interface RatingsService {
  /** The product's visible ratings (moderators also see hidden ones), with the viewer's own. */
  summary(productId: number, viewer: Viewer): Promise<RatingSummary>
}

export function createRatingsService(_deps: { readonly db: Db }): RatingsService {
  return {
    summary: async (productId) => ({
      productId,
      count: 0,
      average: null,
      distribution: [0, 0, 0, 0, 0],
      ratings: [],
      mine: null,
      canRate: false,
      canModerate: false,
    }),
  }
}
