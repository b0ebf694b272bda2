import { useId } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import {
  FORUM_IMAGE_BYTES_MAX,
  FORUM_IMAGES_MAX,
  FORUM_POST_MAX,
  FORUM_TITLE_MAX,
} from '@optika/domain/community/forum-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import type { ActionFailure } from '../commerce/cart/action-types.ts'

export interface ProductChoice {
  readonly id: number
  readonly name: string
  readonly thumbnail: string | null
}

/** What the composer's action answered: the picker's matches, or a refusal. */
export type ComposerAnswer =
  | {
      readonly ok: true
      readonly intent: string
      readonly values: Record<string, string>
      readonly products: readonly ProductChoice[]
    }
  | ActionFailure

const input =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus-visible:outline-2 focus-visible:outline-brand-600'
const button =
  'rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'

/**
 * The form for a new thread (`withTitle`) or a reply: a plain multipart form the page's action
 * reads, so it works without scripts. The product picker submits the same form with
 * `intent=findProduct` and comes back with matches as radio buttons, keeping the text.
 */
export function ForumComposer({
  withTitle,
  answer,
  quote,
  cancelQuoteUrl,
}: {
  withTitle: boolean
  answer: ComposerAnswer | undefined
  quote: { readonly postId: number; readonly authorName: string } | null
  cancelQuoteUrl: string
}) {
  const { t } = useTranslation()
  const id = useId()
  const busy = useNavigation().state === 'submitting'
  const values = answer?.values ?? {}
  const failure = answer && !answer.ok ? answer : null
  const products = answer?.ok ? answer.products : null
  const errorOf = (name: string) => failure?.errors.find((e) => e.path === name)?.message
  const chosenProduct = values.productId ?? ''
  const field = (name: string) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': errorOf(name) ? `${id}-${name}-error` : undefined,
  })
  const fieldError = (name: string) =>
    errorOf(name) ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
        {errorOf(name)}
      </p>
    ) : null
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" id="composer">
      {failure ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-medium">{failure.message}</p>
          {failure.errors.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {failure.errors.map((error) => (
                <li key={`${error.path}:${error.message}`}>{error.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {quote ? (
        <p className="flex flex-wrap items-center gap-3 rounded-lg bg-stone-100 p-3 text-sm">
          <input type="hidden" name="quotePostId" value={quote.postId} />
          <span>{t('forum.composer.quoting', { name: quote.authorName })}</span>
          <Link
            to={cancelQuoteUrl}
            preventScrollReset
            className="font-medium text-brand-800 underline"
          >
            {t('forum.composer.removeQuote')}
          </Link>
        </p>
      ) : null}
      {withTitle ? (
        <div>
          <label htmlFor={`${id}-title`} className="block text-sm font-medium text-stone-800">
            {t('forum.composer.title')}
          </label>
          <input
            {...field('title')}
            type="text"
            required
            maxLength={FORUM_TITLE_MAX}
            defaultValue={values.title ?? ''}
            className={input}
          />
          {fieldError('title')}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-body`} className="block text-sm font-medium text-stone-800">
          {t('forum.composer.body')}
        </label>
        <textarea
          {...field('body')}
          required
          rows={7}
          maxLength={FORUM_POST_MAX}
          defaultValue={values.body ?? ''}
          aria-describedby={`${id}-body-hint${errorOf('body') ? ` ${id}-body-error` : ''}`}
          className={input}
        />
        <p id={`${id}-body-hint`} className="mt-1 text-sm text-stone-600">
          {t('forum.composer.bodyHint')}
        </p>
        {fieldError('body')}
      </div>
      <fieldset className="rounded-lg border border-stone-200 p-3">
        <legend className="px-1 text-sm font-medium text-stone-800">
          {t('forum.composer.product')}
        </legend>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-productQuery`} className="block text-sm text-stone-700">
              {t('forum.composer.productSearch')}
            </label>
            <input
              id={`${id}-productQuery`}
              name="productQuery"
              type="search"
              defaultValue={values.productQuery ?? ''}
              className={input}
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="findProduct"
            formNoValidate
            className={`${button} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`}
          >
            {t('forum.composer.productSearchButton')}
          </button>
        </div>
        {products ? (
          products.length === 0 ? (
            <p role="status" className="mt-2 text-sm text-stone-600">
              {t('forum.composer.noProducts')}
            </p>
          ) : (
            <div
              role="radiogroup"
              aria-label={t('forum.composer.product')}
              className="mt-2 space-y-1"
            >
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="productId"
                  value=""
                  defaultChecked={chosenProduct === ''}
                />
                {t('forum.composer.productNone')}
              </label>
              {products.map((product) => (
                <label key={product.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="productId"
                    value={product.id}
                    defaultChecked={chosenProduct === String(product.id)}
                  />
                  {product.thumbnail ? (
                    <img
                      src={product.thumbnail}
                      alt=""
                      width={32}
                      height={32}
                      className="size-8 object-contain"
                    />
                  ) : null}
                  <span className="[overflow-wrap:anywhere]">{product.name}</span>
                </label>
              ))}
            </div>
          )
        ) : chosenProduct ? (
          <input type="hidden" name="productId" value={chosenProduct} />
        ) : null}
        {fieldError('productId')}
      </fieldset>
      <div>
        <label htmlFor={`${id}-images`} className="block text-sm font-medium text-stone-800">
          {t('forum.composer.images')}
        </label>
        <input
          {...field('images')}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          aria-describedby={`${id}-images-hint`}
          className="mt-1 block w-full max-w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:font-medium"
        />
        <p id={`${id}-images-hint`} className="mt-1 text-sm text-stone-600">
          {t('forum.composer.imagesHint', {
            count: FORUM_IMAGES_MAX,
            value: FORUM_IMAGE_BYTES_MAX / (1024 * 1024),
          })}
        </p>
        {fieldError('images')}
      </div>
      {withTitle ? (
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name="notifyAuthor"
            defaultChecked={values.notifyAuthor === 'on'}
          />
          {t('forum.composer.notify')}
        </label>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="post"
        disabled={busy}
        className={`${button} bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}
      >
        {withTitle ? t('forum.composer.submitThread') : t('forum.composer.submitReply')}
      </button>
    </Form>
  )
}
