import type { AreaBrick, Editable, EditableMap } from '@optika/domain/cms/editables'
import { findTemplate } from '@optika/domain/cms/templates'

// Until the bricks slice's <DocumentContent> draws every editable and brick, a page shows its
// texts: inputs and text areas as paragraphs, rich text as it was sanitized on save, text bricks.

/** The editables drawn elsewhere: the heading and a landing page's hero. */
const DRAWN_ELSEWHERE = new Set(['headline', 'heroImage', 'heroTitle', 'heroText', 'heroLink'])

function EditableText({ editable }: { editable: Editable }) {
  switch (editable.type) {
    case 'input':
    case 'textarea':
      return editable.data.trim() ? <p>{editable.data}</p> : null
    case 'wysiwyg':
      // Sanitized by the save path (no scripts, no event handlers, no javascript: URLs).
      return <div className="space-y-5" dangerouslySetInnerHTML={{ __html: editable.data }} />
    case 'areablock':
      return editable.data
        .filter((brick) => !brick.hidden)
        .map((brick) => <BrickText key={brick.id} brick={brick} />)
    default:
      return null
  }
}

function BrickText({ brick }: { brick: AreaBrick }) {
  const body = brick.editables.body
  if ((brick.brick === 'text' || brick.brick === 'image-text') && body) {
    return (
      <section>
        <EditableText editable={body} />
      </section>
    )
  }
  return null
}

/** A document's editables in the order its template names them. */
export function DocumentBody({
  template,
  editables,
}: {
  template: string
  editables: EditableMap
}) {
  const names = findTemplate(template)?.editables.map((e) => e.name) ?? Object.keys(editables)
  return (
    <div className="space-y-5 text-base leading-relaxed text-stone-700 [&_a]:text-brand-800 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-900 [&_ul]:list-disc [&_ul]:pl-6">
      {names
        .filter((name) => !DRAWN_ELSEWHERE.has(name))
        .map((name) => {
          const editable = editables[name]
          return editable ? <EditableText key={name} editable={editable} /> : null
        })}
    </div>
  )
}
