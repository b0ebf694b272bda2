import type { WorkflowDefinitionData } from '@optika/domain/elements/workflow'

const PLACE_WIDTH = 150
const PLACE_HEIGHT = 44
const COLUMN_GAP = 110
const ROW_GAP = 36
const MARGIN = 24
const TRANSITION_HEIGHT = 22

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Cuts a label to what fits in a box (the full text stays in the element's title). */
function fit(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** Black or white, whichever reads better on the colour. */
function textColorOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16)
  const r = (value >> 16) & 255
  const g = (value >> 8) & 255
  const b = value & 255
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1a1b1e' : '#ffffff'
}

/** Columns by distance from the initial places (unreachable ones last). */
function columnsOf(workflow: WorkflowDefinitionData): Map<string, number> {
  const depth = new Map<string, number>()
  let frontier = workflow.initialPlaces.filter((name) =>
    workflow.places.some((p) => p.name === name),
  )
  for (const name of frontier) depth.set(name, 0)
  for (let level = 1; frontier.length > 0 && level <= workflow.places.length; level++) {
    const next: string[] = []
    for (const transition of workflow.transitions) {
      if (!transition.from.some((name) => frontier.includes(name))) continue
      for (const name of transition.to) {
        if (!depth.has(name) && workflow.places.some((p) => p.name === name)) {
          depth.set(name, level)
          next.push(name)
        }
      }
    }
    frontier = next
  }
  const last = Math.max(0, ...depth.values()) + 1
  for (const place of workflow.places) if (!depth.has(place.name)) depth.set(place.name, last)
  return depth
}

/**
 * Draws a workflow as SVG: places as coloured boxes in columns by their distance from the
 * initial places (current ones outlined thick and marked in their title), transitions as labelled
 * nodes with arrows from each from-place and to each to-place — a Petri net's joins and forks
 * show as several arrows meeting one transition. Every text is escaped.
 */
export function drawWorkflowGraph(
  workflow: WorkflowDefinitionData,
  current: readonly string[],
  labels: { readonly title: string; readonly current: string },
): string {
  const columns = columnsOf(workflow)
  const rowsInColumn = new Map<number, number>()
  const position = new Map<string, { x: number; y: number }>()
  for (const place of workflow.places) {
    const column = columns.get(place.name)!
    const row = rowsInColumn.get(column) ?? 0
    rowsInColumn.set(column, row + 1)
    position.set(place.name, {
      x: MARGIN + column * (PLACE_WIDTH + COLUMN_GAP),
      y: MARGIN + 24 + row * (PLACE_HEIGHT + ROW_GAP * 2),
    })
  }
  const width =
    MARGIN * 2 + (Math.max(0, ...columns.values()) + 1) * (PLACE_WIDTH + COLUMN_GAP) - COLUMN_GAP
  const height =
    MARGIN * 2 + 24 + Math.max(1, ...rowsInColumn.values()) * (PLACE_HEIGHT + ROW_GAP * 2)

  const edges: string[] = []
  const nodes: string[] = []
  const pairCount = new Map<string, number>()
  workflow.transitions.forEach((transition) => {
    const from = transition.from.map((name) => position.get(name)).filter((p) => p !== undefined)
    const to = transition.to.map((name) => position.get(name)).filter((p) => p !== undefined)
    if (from.length === 0 || to.length === 0) return
    const average = (points: { x: number; y: number }[]) => ({
      x: points.reduce((sum, p) => sum + p.x, 0) / points.length + PLACE_WIDTH / 2,
      y: points.reduce((sum, p) => sum + p.y, 0) / points.length + PLACE_HEIGHT / 2,
    })
    const a = average(from)
    const b = average(to)
    const pair = `${transition.from.join(',')}>${transition.to.join(',')}`
    const sameDirection = pairCount.get(pair) ?? 0
    pairCount.set(pair, sameDirection + 1)
    // A transition back to an earlier column bends below the line; repeated pairs fan out.
    const backwards = b.x < a.x || (b.x === a.x && b.y <= a.y)
    const offset = (backwards ? ROW_GAP : 0) + sameDirection * (TRANSITION_HEIGHT + 4)
    const cx = (a.x + b.x) / 2
    const cy = (a.y + b.y) / 2 + offset + (a.x === b.x ? 0 : 0)
    const labelWidth = Math.min(140, 14 + transition.label.length * 6.5)
    for (const p of from) {
      edges.push(
        `<line x1="${p.x + PLACE_WIDTH / 2}" y1="${p.y + PLACE_HEIGHT / 2}" x2="${cx}" y2="${cy}" stroke="#868e96" stroke-width="1.5"/>`,
      )
    }
    for (const p of to) {
      // Ends at the box's edge facing the transition so the arrowhead shows.
      const tx = p.x + PLACE_WIDTH / 2
      const ty = p.y + PLACE_HEIGHT / 2
      const dx = tx - cx
      const dy = ty - cy
      const scale = Math.min(
        dx === 0 ? Infinity : Math.abs((PLACE_WIDTH / 2 + 4) / dx),
        dy === 0 ? Infinity : Math.abs((PLACE_HEIGHT / 2 + 4) / dy),
      )
      const ex = tx - dx * Math.min(1, scale)
      const ey = ty - dy * Math.min(1, scale)
      edges.push(
        `<line x1="${cx}" y1="${cy}" x2="${ex.toFixed(1)}" y2="${ey.toFixed(1)}" stroke="#495057" stroke-width="1.5" marker-end="url(#arrow)"/>`,
      )
    }
    nodes.push(
      `<g><title>${escapeXml(transition.label)} (${escapeXml(transition.name)})</title>` +
        `<rect x="${cx - labelWidth / 2}" y="${cy - TRANSITION_HEIGHT / 2}" width="${labelWidth}" height="${TRANSITION_HEIGHT}" rx="4" fill="#f8f9fa" stroke="#495057"/>` +
        `<text x="${cx}" y="${cy + 4}" text-anchor="middle" font-size="11" fill="#1a1b1e">${escapeXml(fit(transition.label, 20))}</text></g>`,
    )
  })

  const places = workflow.places.map((place) => {
    const p = position.get(place.name)!
    const isCurrent = current.includes(place.name)
    const title = isCurrent ? `${place.label} — ${labels.current}` : place.label
    return (
      `<g data-place="${escapeXml(place.name)}"${isCurrent ? ' data-current="true"' : ''}><title>${escapeXml(title)}</title>` +
      `<rect x="${p.x}" y="${p.y}" width="${PLACE_WIDTH}" height="${PLACE_HEIGHT}" rx="10" fill="${escapeXml(place.color)}" stroke="${isCurrent ? '#1a1b1e' : '#495057'}" stroke-width="${isCurrent ? 4 : 1}"${isCurrent ? ' stroke-dasharray="0"' : ''}/>` +
      `<text x="${p.x + PLACE_WIDTH / 2}" y="${p.y + PLACE_HEIGHT / 2 + 5}" text-anchor="middle" font-size="13" font-weight="${isCurrent ? 700 : 400}" fill="${textColorOn(place.color)}">${escapeXml(fit(place.label, 20))}</text></g>`
    )
  })

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="workflow-graph-title" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">` +
    `<title id="workflow-graph-title">${escapeXml(labels.title)}</title>` +
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#495057"/></marker></defs>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="${MARGIN}" y="${MARGIN + 4}" font-size="14" font-weight="700" fill="#1a1b1e">${escapeXml(fit(workflow.label, 60))}</text>` +
    edges.join('') +
    nodes.join('') +
    places.join('') +
    `</svg>`
  )
}
