const SECRET_QUERY = /([?&](?:token|code|password|secret)=)[^&#]*/gi

/**
 * A URL with the values of secret-bearing query parameters replaced. Single-use links carry their
 * token in the query (`/admin/login/token?token=…`) and every request's URL is logged.
 */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]')
}
