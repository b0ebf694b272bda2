import { z } from 'zod'

/** Every setting the server reads, parsed once at start. The README's configuration table mirrors this. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; without it the embedded PGlite database in DATA_DIR/db is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  /** Public origin, used for canonical links and mail; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalogue into an empty database. Defaults to on, except in production. */
  DEMO_DATA: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  MAIL_TRANSPORT: z.string().default('log'),
  /** Where new-order mails to the shop go; defaults to shop@{PUBLIC_URL host}. */
  SHOP_EMAIL: z.email().optional(),
  /**
   * Which proxies' X-Forwarded-* headers to believe (client IP for rate limits, protocol):
   * 'false' (default), 'true' (any), or a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string =>
      v === 'true' ? true : v === 'false' || v === '' ? false : v,
    ),
  /**
   * Where uploaded asset files live: unset = DATA_DIR/assets on local disk; an S3-compatible store
   * as `s3://ACCESS_KEY:SECRET@host[:port]/bucket?region=eu-central-1` (https; `s3+http://` for a
   * local MinIO). The secret never appears in logs.
   */
  ASSET_STORE_URL: z
    .string()
    .regex(/^s3(\+http)?:\/\//, 'must be an s3:// URL')
    .optional(),
  /** Largest accepted upload, in bytes. */
  ASSET_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** The ffmpeg binary for video frames and previews; unset = the one @ffmpeg-installer ships. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Largest zip archive `import-zip` accepts, in bytes (the archive itself). */
  ASSET_ZIP_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** Most files and folders a zip import may hold; a bigger archive is refused whole. */
  ASSET_ZIP_MAX_FILES: z.coerce.number().int().positive().default(5_000),
  /** Most bytes a zip import may unpack to (all entries together, as declared and as read). */
  ASSET_ZIP_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  /** Highest compression ratio (unpacked ÷ packed) of an entry or the archive: above, a zip bomb. */
  ASSET_ZIP_MAX_RATIO: z.coerce.number().positive().default(100),
  /** Most files one download as zip may hold. */
  ASSET_ZIP_EXPORT_MAX_FILES: z.coerce.number().int().positive().default(100_000),
  /**
   * Server processes `npm start` runs on this machine, sharing the port (node:cluster). More than
   * one needs DATABASE_URL: the embedded PGlite database belongs to a single process.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * The dealer map's tiles (decision 043): unset = the map draws the country outlines the shop
   * serves itself and no request leaves the shop; an https URL template such as
   * `https://tile.example.com/{z}/{x}/{y}.png` draws real tiles, and the CSP admits its origin.
   */
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https:\/\/[^/\s{}]+\/\S*\{z\}\S*$/,
      'must be an https:// URL template with {z}, {x} and {y}',
    )
    .optional(),
  /** The tiles' attribution shown on the map (plain text), e.g. `© OpenStreetMap contributors`. */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(''),
  /** Milliseconds allowed for in-flight requests to finish after SIGTERM. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Days the application log keeps errors and worse (priorities 0–3; decision 065). */
  APP_LOG_KEEP_ERROR_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Days the application log keeps warnings and notices (priorities 4–5). */
  APP_LOG_KEEP_WARNING_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days the application log keeps info and debug entries (priorities 6–7). */
  APP_LOG_KEEP_INFO_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** The most entries the application log keeps, whatever their age (the oldest go first). */
  APP_LOG_MAX_ROWS: z.coerce.number().int().min(1_000).max(100_000_000).default(500_000),
})
export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; DEMO_DATA: boolean }

/** Reads the environment; a bad value stops the server with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  if (env.WORKERS > 1 && !env.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  WORKERS: several processes need PostgreSQL (set DATABASE_URL); ' +
        'the embedded PGlite database is opened by one process only',
    )
  }
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    DEMO_DATA: env.DEMO_DATA ?? env.NODE_ENV !== 'production',
  }
}
