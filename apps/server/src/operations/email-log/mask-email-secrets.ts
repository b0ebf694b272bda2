/** What a masked secret reads as. */
export const MASK = '••••••'

// Secret-bearing query parameters of links (`?token=…`, `&amp;code=…` inside HTML attributes).
const SECRET_QUERY =
  /([?&](?:amp;)?(?:token|code|otp|password|secret|signature|sig|key|hash|auth)=)[^&#\s"'<>]+/gi
// A long random-looking run (a token in a path, a bare secret): letters and digits mixed, 24+.
const BARE_TOKEN = /(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[a-zA-Z])[\w-]{24,}(?![\w-])/g
// An inline picture (`data:image/png;base64,…`), kept as it is; the group keeps it in the split.
const INLINE_DATA = /(data:[\w/+.-]+;base64,[\w+/=]+)/
// A one-time code written after its name ("code: 123456", "kód 4821", "cod: 1234").
const ONE_TIME_CODE = /(\b(?:code|kód|kod|cod|kód)\b[^\d\n<]{0,20})\d{4,8}\b/gi

/**
 * A mail's text or HTML with its secrets masked: the tokens of single-use links (password
 * reset, invitation, token login — all `?token=`), long random tokens anywhere, and one-time
 * codes. Everything else stays exactly as sent, so the staff can still read the mail.
 */
export function maskEmailSecrets(body: string): string {
  return (
    body
      .replace(SECRET_QUERY, `$1${MASK}`)
      // Inline pictures (the payment QR code) are long runs too, and no secret: left whole.
      .split(INLINE_DATA)
      .map((part) => (part.startsWith('data:') ? part : part.replace(BARE_TOKEN, MASK)))
      .join('')
      .replace(ONE_TIME_CODE, `$1${MASK}`)
  )
}
