/**
 * What is wrong with a folder's or file's name before the server sees it: nothing, empty, or a
 * name the server refuses ('.', '..', a slash, more than 190 characters, control characters).
 */
export function assetNameProblem(name: string): 'required' | 'invalid' | null {
  const trimmed = name.trim()
  if (trimmed === '') return 'required'
  // eslint-disable-next-line no-control-regex
  if (trimmed === '.' || trimmed === '..' || /[/\\\u0000-\u001f\u007f]/.test(trimmed)) {
    return 'invalid'
  }
  return trimmed.length > 190 ? 'invalid' : null
}
