import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { VideoPreviewFormat } from '@optika/domain/pim/asset-thumbnail-api'
import { AppError } from '../../platform/http/app-error.ts'
import { FfmpegFailed, runFfmpeg } from './run-ffmpeg.ts'

/** Seconds of video a preview keeps (staff check what it shows, not watch it whole). */
const PREVIEW_SECONDS = 30
/** The frame used when no time is asked for: one second in skips a black first frame. */
export const DEFAULT_FRAME_SECONDS = 1

function unreadableVideo(): AppError {
  return new AppError(422, 'VIDEO_UNREADABLE', 'assetThumbnails.videoUnreadable')
}

/**
 * Runs `work` with the video streamed to a private temporary file: ffmpeg seeks in MP4s, and a
 * large video never sits in memory.
 */
async function withVideoFile<T>(video: Readable, work: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'optika-video-'))
  try {
    const file = join(dir, 'input')
    await pipeline(video, createWriteStream(file, { mode: 0o600 }))
    return await work(file)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * The frame `seconds` into a video, as PNG. A time past the end is a translated 400; when no time
 * was asked for and the video is shorter than the default, its first frame.
 */
export async function extractVideoFrame(
  ffmpeg: string,
  video: Readable,
  seconds: number | undefined,
): Promise<Buffer> {
  return withVideoFile(video, async (file) => {
    const frameAt = async (time: number) => {
      try {
        return await runFfmpeg(ffmpeg, [
          '-ss',
          String(time),
          '-i',
          file,
          '-frames:v',
          '1',
          '-f',
          'image2pipe',
          '-c:v',
          'png',
          'pipe:1',
        ])
      } catch (error) {
        if (error instanceof FfmpegFailed) throw unreadableVideo()
        throw error
      }
    }
    const frame = await frameAt(seconds ?? DEFAULT_FRAME_SECONDS)
    if (frame.length > 0) return frame
    if (seconds !== undefined && seconds > 0) {
      throw new AppError(400, 'VIDEO_TIME_BEYOND_END', 'assetThumbnails.timeBeyondEnd', {
        value: seconds,
      })
    }
    const first = await frameAt(0)
    if (first.length === 0) throw unreadableVideo()
    return first
  })
}

/** How a preview is encoded: a video thumbnail configuration's numbers (decision 058). */
export interface VideoPreviewSettings {
  readonly width: number
  /** kbit/s */
  readonly videoBitrate: number
  /** kbit/s; 0 drops the sound. */
  readonly audioBitrate: number
  readonly maxSeconds: number
}

/** The encoder arguments of one format for the given bitrates. */
function previewArgs(format: VideoPreviewFormat, settings: VideoPreviewSettings): string[] {
  const audio =
    settings.audioBitrate === 0
      ? ['-an']
      : ['-c:a', format === 'mp4' ? 'aac' : 'libvorbis', '-b:a', `${settings.audioBitrate}k`]
  const video =
    format === 'mp4'
      ? [
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-b:v',
          `${settings.videoBitrate}k`,
          '-pix_fmt',
          'yuv420p',
        ]
      : [
          '-c:v',
          'libvpx',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-b:v',
          `${settings.videoBitrate}k`,
        ]
  const container = format === 'mp4' ? ['-movflags', '+faststart', '-f', 'mp4'] : ['-f', 'webm']
  return [...video, ...audio, ...container]
}

/**
 * A small preview of a video for the editor's player (by default the first 30 seconds, at most
 * 640 px wide; the `preview` video thumbnail configuration sets these),
 * H.264/AAC in MP4 (moov first, so it plays while loading) or VP8/Vorbis in WebM.
 */
export async function renderVideoPreview(
  ffmpeg: string,
  video: Readable,
  format: VideoPreviewFormat,
  settings: VideoPreviewSettings = {
    width: 640,
    videoBitrate: 600,
    audioBitrate: 64,
    maxSeconds: PREVIEW_SECONDS,
  },
): Promise<Buffer> {
  return withVideoFile(video, async (file) => {
    const output = `${file}.${format}`
    try {
      await runFfmpeg(ffmpeg, [
        '-i',
        file,
        '-t',
        String(settings.maxSeconds),
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-vf',
        `scale='min(${settings.width},iw)':-2`,
        ...previewArgs(format, settings),
        '-y',
        output,
      ])
      return await readFile(output)
    } catch (error) {
      if (error instanceof FfmpegFailed) throw unreadableVideo()
      throw error
    }
  })
}
