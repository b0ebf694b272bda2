/** A host name as a site may answer it: lower case letters, digits, dashes, dots; no port. */
const HOST =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * The domains typed into the site form (lines, commas or spaces between), lower-cased and
 * without repeats, and those that are no host name (a port, a scheme, a path) to point out
 * before the server refuses them.
 */
export function parseDomains(text: string): { domains: string[]; invalid: string[] } {
  const domains: string[] = []
  const invalid: string[] = []
  for (const raw of text.split(/[\s,]+/)) {
    const domain = raw.trim().toLowerCase()
    if (domain === '' || domains.includes(domain) || invalid.includes(domain)) continue
    if (HOST.test(domain)) domains.push(domain)
    else invalid.push(domain)
  }
  return { domains, invalid }
}
