import type { cmsEditablesCatalogue } from '@optika/i18n/catalogue/cms-editables'

/** A key of the `cmsEditables` section: every label `templates.ts` names. */
export type EditableLabelKey = keyof typeof cmsEditablesCatalogue

/** A definition's `labelKey` as a typed key (the catalogue test proves each one exists). */
export function editableLabelKey(labelKey: string): EditableLabelKey {
  return labelKey as EditableLabelKey
}

/** The label of a select editable's option (`''`, "no choice", reads as `any`). */
export function optionLabelKey(name: string, value: string): EditableLabelKey {
  return `cmsEditables.option.${name}.${value === '' ? 'any' : value}` as EditableLabelKey
}
