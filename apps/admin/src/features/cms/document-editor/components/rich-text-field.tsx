import '@mantine/tiptap/styles.css'
import { Input } from '@mantine/core'
import { RichTextEditor } from '@mantine/tiptap'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'

/** What the editor holds when the text is empty: stored as an empty string. */
function normalizeHtml(html: string): string {
  return html === '<p></p>' ? '' : html
}

/**
 * A wysiwyg editable: headings, emphasis, lists and links only — no raw HTML, images or scripts
 * (the server sanitizes whatever arrives anyway).
 */
export function RichTextField({
  label,
  value,
  onChange,
  readOnly,
}: {
  label: string
  value: string
  onChange: (html: string) => void
  readOnly: boolean
}) {
  const labelId = useId()
  const { t } = useTranslation()
  const labels = useMemo(
    () => ({
      boldControlLabel: t('adminPimObjects.richText.bold'),
      italicControlLabel: t('adminPimObjects.richText.italic'),
      underlineControlLabel: t('adminPimObjects.richText.underline'),
      strikeControlLabel: t('adminPimObjects.richText.strike'),
      h2ControlLabel: t('adminPimObjects.richText.h2'),
      h3ControlLabel: t('adminPimObjects.richText.h3'),
      bulletListControlLabel: t('adminPimObjects.richText.bulletList'),
      orderedListControlLabel: t('adminPimObjects.richText.orderedList'),
      linkControlLabel: t('adminPimObjects.richText.link'),
      unlinkControlLabel: t('adminPimObjects.richText.unlink'),
      linkEditorInputLabel: t('adminPimObjects.richText.linkInput'),
      linkEditorInputPlaceholder: t('adminPimObjects.richText.linkPlaceholder'),
      linkEditorExternalLink: t('adminPimObjects.richText.linkExternal'),
      linkEditorInternalLink: t('adminPimObjects.richText.linkInternal'),
      linkEditorSave: t('adminPimObjects.richText.linkSave'),
    }),
    [t],
  )
  // Only a real edit is written back, not the editor's normalising of stored text.
  const shown = useRef(value)
  const lastHtml = useRef<string | null>(null)
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false },
        code: false,
        codeBlock: false,
      }),
    ],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId },
    },
    onCreate: ({ editor: current }) => {
      lastHtml.current = current.getHTML()
    },
    onUpdate: ({ editor: current }) => {
      const next = current.getHTML()
      if (next === lastHtml.current) return
      lastHtml.current = next
      shown.current = normalizeHtml(next)
      onChange(shown.current)
    },
  })
  // Another source of the value (a loaded version, a reload) replaces the editor's content.
  useEffect(() => {
    if (editor === null || value === shown.current) return
    shown.current = value
    editor.commands.setContent(value, { emitUpdate: false })
    lastHtml.current = editor.getHTML()
  }, [editor, value])
  useEffect(() => {
    editor?.setEditable(!readOnly, false)
  }, [editor, readOnly])
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }}>
      <RichTextEditor editor={editor} labels={labels}>
        {!readOnly && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  )
}
