import { data, redirect } from 'react-router'

// React Router's loaders stop by throwing a response, which the framework renders (the
// not-found page) or follows (a redirect); they are not errors, so the lint rule is lifted here.

/** Stops the loader: the page does not exist (status 404, the not-found page). */
export function throwNotFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw data(null, { status: 404 })
}

/** Stops the loader: the page lives at `url` (a permanent redirect). */
export function throwMovedTo(url: string): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect(url, 301)
}
