import { redirect } from 'react-router'
import type { RouterContextProvider } from 'react-router'
import { NewPostSchema, NewThreadSchema } from '@optika/domain/community/forum-api'
import type { Locale } from '@optika/i18n/locales'
import type { ForumContext } from '@optika/server/community/forum/forum-service'
import { getStorefront } from '../../get-storefront.server.ts'
import { throwNotFound } from '../../route-responses.ts'
import {
  actionFailure,
  formText,
  formValues,
  unknownForm,
} from '../commerce/cart/action-result.server.ts'

/** The forum service's context for this page: its database, language and viewer. */
export function forumContext(
  context: Readonly<RouterContextProvider>,
  locale: Locale,
): ForumContext {
  const { ctx, viewer } = getStorefront(context)
  return { db: ctx.db, locale, viewer }
}

/** A service's 404 (unknown board, thread) becomes the not-found page; anything else goes on. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load
  } catch (error) {
    if ((error as { statusCode?: unknown } | null)?.statusCode === 404) throwNotFound()
    throw error
  }
}

/** `?page=` as a positive whole number (1 for anything else). */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get('page'))
  return Number.isSafeInteger(page) && page > 0 ? page : 1
}

/**
 * The composer's action, with or without scripts: `intent=findProduct` answers the product
 * picker's matches (the form comes back with what was typed); `intent=post` sends the post
 * and goes to it. Refusals come back translated next to the form.
 */
export async function composerAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  locale: Locale,
  target: { readonly boardKey: string } | { readonly threadId: number },
) {
  const storefront = getStorefront(context)
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return unknownForm(storefront, locale)
  }
  const intent = formText(form, 'intent')
  const values = formValues(form)
  const ctx = forumContext(context, locale)
  if (intent === 'findProduct') {
    const products = await storefront.forum.findProducts(ctx, formText(form, 'productQuery'))
    return { ok: true as const, intent, values, products }
  }
  if (intent !== 'post') return unknownForm(storefront, locale)
  try {
    const images = await Promise.all(
      form
        .getAll('images')
        .filter((value): value is File => typeof value !== 'string')
        .map(async (file) => ({
          filename: file.name,
          bytes: Buffer.from(await file.arrayBuffer()),
        })),
    )
    const fields = Object.fromEntries(
      ['title', 'body', 'quotePostId', 'productId', 'notifyAuthor'].map((name) => [
        name,
        formText(form, name),
      ]),
    )
    const place =
      'boardKey' in target
        ? await storefront.forum.startThread(
            ctx,
            target.boardKey,
            NewThreadSchema.parse(fields),
            images,
          )
        : await storefront.forum.reply(ctx, target.threadId, NewPostSchema.parse(fields), images)
    return redirect(place.url)
  } catch (error) {
    return actionFailure(error, storefront, locale, { values, intent })
  }
}
