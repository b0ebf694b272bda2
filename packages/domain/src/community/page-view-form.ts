import { z } from 'zod'
import { PAGE_VIEWS } from './page-view.ts'

/** A path of this shop, never another site ("//evil.example", "/\\evil.example"). */
const LOCAL_PATH = /^\/(?![/\\])[^\s\\]*$/

export const PageViewFormSchema = z.object({
  view: z.enum(PAGE_VIEWS),
  /** The page to return to; its home page when missing or not a path of this shop. */
  back: z
    .string()
    .max(2000)
    .optional()
    .transform((path) => (path !== undefined && LOCAL_PATH.test(path) ? path : '/')),
})
export type PageViewForm = z.infer<typeof PageViewFormSchema>
