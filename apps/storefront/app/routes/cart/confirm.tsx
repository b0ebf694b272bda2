import type { Route } from './+types/confirm'
import { NotFoundPage } from '../../components/not-found-page.tsx'

// Placeholder until the checkout pages land (issue 8).
export function loader(_args: Route.LoaderArgs) {
  return null
}

export default function Page() {
  return <NotFoundPage />
}
