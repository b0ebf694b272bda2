import { z } from 'zod'

/** Database ids in paths: positive integers (anything else is 400, never a lookup). */
export const IdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
})
