import { spawn } from 'node:child_process'
import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { AppError } from '../../platform/http/app-error.ts'

const require = createRequire(import.meta.url)

/** Longest an ffmpeg run may take before it is stopped (a preview of 30 s of video). */
const FFMPEG_TIMEOUT_MS = 120_000
/** Most bytes an ffmpeg run may write to its standard output (one frame as PNG). */
const MAX_STDOUT_BYTES = 64 * 1024 * 1024

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The binary @ffmpeg-installer ships for this platform, or null (it throws when it has none). */
function bundledFfmpeg(): string | null {
  try {
    const { path } = require('@ffmpeg-installer/ffmpeg') as { path: string }
    return path
  } catch {
    return null
  }
}

/**
 * The ffmpeg to run: FFMPEG_PATH when set (and nothing else, so a wrong setting shows), else the
 * bundled one, else Debian's `/usr/bin/ffmpeg`; null when none is there.
 */
export async function locateFfmpeg(configured: string | undefined): Promise<string | null> {
  if (configured !== undefined) return (await isExecutable(configured)) ? configured : null
  for (const candidate of [bundledFfmpeg(), '/usr/bin/ffmpeg']) {
    if (candidate && (await isExecutable(candidate))) return candidate
  }
  return null
}

/** The 503 of every video call on a machine without ffmpeg; the rest of the library works. */
export function ffmpegMissing(): AppError {
  return new AppError(503, 'FFMPEG_MISSING', 'assetThumbnails.ffmpegMissing')
}

export class FfmpegFailed extends Error {}

/**
 * Runs ffmpeg with the given arguments (never through a shell) and answers its standard output.
 * Fails with FfmpegFailed on a non-zero exit, a timeout or too much output.
 */
export function runFfmpeg(binary: string, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', '-v', 'error', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const chunks: Buffer[] = []
    let size = 0
    let stderr = ''
    let failure: string | null = null
    const timer = setTimeout(() => {
      failure = 'timed out'
      child.kill('SIGKILL')
    }, FFMPEG_TIMEOUT_MS)
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_STDOUT_BYTES) {
        failure = 'too much output'
        child.kill('SIGKILL')
        return
      }
      chunks.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000)
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(new FfmpegFailed(error.message))
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (failure) reject(new FfmpegFailed(failure))
      else if (code !== 0) reject(new FfmpegFailed(`ffmpeg exited with ${code}: ${stderr.trim()}`))
      else resolve(Buffer.concat(chunks))
    })
  })
}
