import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { eq, lte } from 'drizzle-orm'
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_GLYPHS,
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  normalizeCaptchaAnswer,
} from '@optika/domain/accounts/captcha-glyphs'
import type { Db } from '../../platform/db/client.ts'
import { captchaChallenges } from '../../platform/db/schema/accounts.ts'

/** A challenge must be answered within ten minutes. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The answer is stored as a hash salted with the challenge id, never in clear. */
function answerHash(id: string, answer: string): string {
  return createHash('sha256')
    .update(`${id.toLowerCase()}:${normalizeCaptchaAnswer(answer)}`)
    .digest('hex')
}

function randomCode(): string {
  const length = 5 + randomInt(2)
  let code = ''
  for (let i = 0; i < length; i += 1) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]
  return code
}

const round = (n: number) => Math.round(n * 10) / 10

/** Draws a code as the picture format of captcha-glyphs.ts describes. */
export function renderCaptchaSvg(code: string): string {
  const paths: string[] = []
  const slot = (CAPTCHA_WIDTH - 20) / code.length
  ;[...code].forEach((char, i) => {
    const d = CAPTCHA_GLYPHS[char]
    if (!d) throw new Error(`no glyph for ${char}`)
    const scale = round(2.2 + randomInt(60) / 100)
    const x = round(10 + i * slot + randomInt(Math.max(1, Math.floor(slot - 10 * scale))))
    const y = round(6 + randomInt(Math.max(1, Math.floor(CAPTCHA_HEIGHT - 12 - 14 * scale))))
    const rotate = randomInt(25) - 12
    const hue = randomInt(360)
    paths.push(
      `<path d="${d}" transform="translate(${x} ${y}) rotate(${rotate} 5 7) scale(${scale})" stroke="hsl(${hue} 60% 30%)" stroke-width="${round(2.4 / scale)}"/>`,
    )
  })
  // Noise: curves across the picture and short strokes, never a glyph outline.
  const noise = 6 + randomInt(4)
  for (let i = 0; i < noise; i += 1) {
    const p = () =>
      `${randomInt(CAPTCHA_WIDTH)}.${randomInt(10)} ${randomInt(CAPTCHA_HEIGHT)}.${randomInt(10)}`
    const hue = randomInt(360)
    paths.push(
      `<path d="M${p()}Q${p()} ${p()}" stroke="hsl(${hue} 35% 65%)" stroke-width="1.${randomInt(6)}"/>`,
    )
  }
  // Shuffle so the markup order does not spell the code.
  for (let i = paths.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1)
    ;[paths[i], paths[j]] = [paths[j]!, paths[i]!]
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" fill="none" stroke-linecap="round" stroke-linejoin="round" role="img">` +
    `<rect width="100%" height="100%" fill="#f8f6f0"/>${paths.join('')}</svg>`
  )
}

/** Creates a challenge; the answer lives only as a hash and in the picture. */
export async function createCaptchaChallenge(db: Db): Promise<{ id: string; svg: string }> {
  const code = randomCode()
  // Challenges nobody answered are tidied up as new ones are made.
  await db.delete(captchaChallenges).where(lte(captchaChallenges.expiresAt, new Date()))
  const id = randomUUID()
  await db.insert(captchaChallenges).values({
    id,
    answerHash: answerHash(id, code),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  })
  return { id, svg: renderCaptchaSvg(code) }
}

/**
 * Checks an answer and uses the challenge up whatever the outcome (one delete): a challenge
 * cannot be guessed at twice. False for an unknown, used or expired challenge or a wrong code.
 */
export async function verifyCaptcha(db: Db, id: string, answer: string): Promise<boolean> {
  if (!UUID.test(id)) return false
  const [row] = await db
    .delete(captchaChallenges)
    .where(eq(captchaChallenges.id, id))
    .returning({ answerHash: captchaChallenges.answerHash, expiresAt: captchaChallenges.expiresAt })
  if (!row || row.expiresAt.getTime() <= Date.now()) return false
  const expected = Buffer.from(row.answerHash, 'hex')
  const given = Buffer.from(answerHash(id, answer), 'hex')
  return expected.length === given.length && timingSafeEqual(expected, given)
}
