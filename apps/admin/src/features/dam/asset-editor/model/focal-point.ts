import type { FocalPoint } from '@optika/domain/pim/asset-thumbnail-api'

/** Where a click fell on the picture, in percent of its width and height (one decimal, 0–100). */
export function focalPointFromClick(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): FocalPoint {
  const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value * 10) / 10))
  return {
    x: clamp(((clientX - box.left) / box.width) * 100),
    y: clamp(((clientY - box.top) / box.height) * 100),
  }
}

/** Moves the point by a keyboard step (arrow keys), staying inside the picture. */
export function nudgeFocalPoint(point: FocalPoint, dx: number, dy: number): FocalPoint {
  const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value * 10) / 10))
  return { x: clamp(point.x + dx), y: clamp(point.y + dy) }
}

/** The focal point stored in an asset's custom settings, if it is a valid one. */
export function readFocalPoint(settings: Record<string, unknown>): FocalPoint | null {
  const value = settings.focalPoint
  if (typeof value !== 'object' || value === null) return null
  const { x, y } = value as Record<string, unknown>
  if (typeof x !== 'number' || typeof y !== 'number') return null
  if (x < 0 || x > 100 || y < 0 || y > 100) return null
  return { x, y }
}
