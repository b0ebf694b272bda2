import type { EditableMap } from '@optika/domain/cms/editables'
import { parseTargetGroupEditableName } from '@optika/domain/operations/targeting'

/**
 * A page's (or an embedded snippet's) editables as a visitor of these target groups sees them (Pimcore's target-group
 * editables, decision 067): an editable with a variant for one of the groups (`tg<id>--<name>`)
 * takes the variant of the first (heaviest) such group; every variant is then dropped, so a page
 * never shows another group's content. Without variants the map is returned as it is.
 */
export function applyTargetGroupVariants(
  editables: EditableMap,
  targetGroupIds: readonly number[],
): EditableMap {
  let variants: Map<string, Map<number, EditableMap[string]>> | null = null
  for (const [key, value] of Object.entries(editables)) {
    const variant = parseTargetGroupEditableName(key)
    if (!variant) continue
    variants ??= new Map()
    let byGroup = variants.get(variant.name)
    if (!byGroup) {
      byGroup = new Map<number, EditableMap[string]>()
      variants.set(variant.name, byGroup)
    }
    byGroup.set(variant.targetGroupId, value)
  }
  if (!variants) return editables
  const result: Record<string, EditableMap[string]> = {}
  for (const [key, value] of Object.entries(editables)) {
    if (!parseTargetGroupEditableName(key)) result[key] = value
  }
  for (const [name, byGroup] of variants) {
    for (const groupId of targetGroupIds) {
      const value = byGroup.get(groupId)
      if (value !== undefined) {
        result[name] = value
        break
      }
    }
  }
  return result
}
