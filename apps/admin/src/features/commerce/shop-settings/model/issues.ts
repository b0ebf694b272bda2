import type { z } from 'zod'

/** A validation failure's messages (catalogue keys) by dotted field path, the first per field. */
export function issuesByPath(error: z.ZodError | undefined): Record<string, string> {
  const byPath: Record<string, string> = {}
  for (const issue of error?.issues ?? []) {
    const path = issue.path.map(String).join('.')
    byPath[path] ??= issue.message
  }
  return byPath
}
