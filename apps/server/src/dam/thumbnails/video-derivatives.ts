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

const PREVIEW_ARGS: Record<VideoPreviewFormat, readonly string[]> = {
  mp4: [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
  ],
  webm: [
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '600k',
    '-c:a',
    'libvorbis',
    '-b:a',
    '64k',
    '-f',
    'webm',
  ],
}

/**
 * A small preview of a video for the editor's player: the first 30 seconds, at most 640 px wide,
 * H.264/AAC in MP4 (moov first, so it plays while loading) or VP8/Vorbis in WebM.
 */
export async function renderVideoPreview(
  ffmpeg: string,
  video: Readable,
  format: VideoPreviewFormat,
): Promise<Buffer> {
  return withVideoFile(video, async (file) => {
    const output = `${file}.${format}`
    try {
      await runFfmpeg(ffmpeg, [
        '-i',
        file,
        '-t',
        String(PREVIEW_SECONDS),
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-vf',
        "scale='min(640,iw)':-2",
        ...PREVIEW_ARGS[format],
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
