import { findTemplate } from '@optika/domain/cms/templates'

type Translate = (key: 'admin.loading') => string
type Exists = (key: string) => boolean

/**
 * A template's name as people read it: its `cmsEditables` label where the catalogue has it, else
 * the template's code name (the label keys are the editor slice's to fill).
 */
export function templateLabel(name: string | null, t: Translate, exists: Exists): string {
  if (name === null) return ''
  const template = findTemplate(name)
  if (template === undefined || !exists(template.labelKey)) return name
  // The key comes from templates.ts, whose labels are typed in the cmsEditables section.
  return t(template.labelKey as 'admin.loading')
}
