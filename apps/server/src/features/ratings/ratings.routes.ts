import type { FastifyInstance } from 'fastify'
import type { RatingsService } from './ratings-service.ts'

/** Ratings API (packages/domain/src/catalogue/rating-api.ts). */
export async function registerRatingRoutes(
  _app: FastifyInstance,
  _ratings: RatingsService,
): Promise<void> {}
