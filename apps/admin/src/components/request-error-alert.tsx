import { Alert } from '@mantine/core'
import { useRequestError } from '../lib/form-errors.ts'

/** The translated message of a failed request as an alert; nothing while there is no error. */
export function RequestErrorAlert({ error }: { error: unknown }) {
  const requestError = useRequestError()
  const message = requestError(error)
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null
}
