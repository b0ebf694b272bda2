import { hash, verify, type Options } from '@node-rs/argon2'

/**
 * OWASP's argon2id baseline (m = 19 MiB, t = 2, p = 1). `Algorithm` is a const enum, which
 * type-stripped TypeScript cannot import as a value; 2 is its Argon2id member.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options

/** Hashes a password as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`); a random salt each time. */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS)
}

/**
 * Checks a password against a stored PHC hash. A malformed or foreign hash counts as a
 * mismatch rather than an error, so a damaged row cannot turn a login into a 500.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Whether a stored hash was made with weaker settings than today's and should be replaced on login. */
export function passwordNeedsRehash(passwordHash: string): boolean {
  const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_OPTIONS
  return !passwordHash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`)
}
