import { Anchor, Stack } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { RequestErrorAlert } from './request-error-alert.tsx'
import { ScreenLoader } from './screen-loader.tsx'

/** A detail screen: the link back to its list, then loading, the error or the loaded record. */
export function DetailFrame<T>({
  backTo,
  backLabel,
  query,
  children,
}: {
  backTo: string
  backLabel: string
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
}) {
  return (
    <Stack gap="xl">
      <Anchor component={Link} to={backTo} size="sm">
        {backLabel}
      </Anchor>
      {query.isPending && <ScreenLoader />}
      <RequestErrorAlert error={query.error} />
      {query.isSuccess && children(query.data)}
    </Stack>
  )
}
