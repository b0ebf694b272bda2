import '@mantine/tiptap/styles.css'
import { Input, Text } from '@mantine/core'
import { RichTextEditor } from '@mantine/tiptap'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldWidgetProps } from './field-widget.tsx'
import { useFieldState } from './use-field-state.tsx'

/** What the editor holds when the text is empty: stored as no value at all. */
function normalizeHtml(html: string): string {
  return html === '<p></p>' ? '' : html
}

/** Rich text (HTML, sanitized by the server on save) with a small toolbar. */
export function WysiwygField({ field, path }: FieldWidgetProps) {
  const state = useFieldState(field, path)
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
  const html = typeof state.value === 'string' ? state.value : ''
  // The value the editor shows and the HTML it last reported: only a real edit is written back,
  // not the editor's own normalising of stored text (plain text becomes <p>…</p>).
  const shown = useRef(html)
  const lastHtml = useRef<string | null>(null)
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: html,
    editable: !state.readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
      },
    },
    onCreate: ({ editor: current }) => {
      lastHtml.current = current.getHTML()
    },
    onUpdate: ({ editor: current }) => {
      const next = current.getHTML()
      if (next === lastHtml.current) return
      lastHtml.current = next
      shown.current = normalizeHtml(next)
      state.set(shown.current)
    },
  })
  // Another source of the value (reload, version restore) replaces the editor's content.
  useEffect(() => {
    if (editor === null || html === shown.current) return
    shown.current = html
    editor.commands.setContent(html, { emitUpdate: false })
    lastHtml.current = editor.getHTML()
  }, [editor, html])
  useEffect(() => {
    editor?.setEditable(!state.readOnly, false)
  }, [editor, state.readOnly])
  return (
    <Input.Wrapper
      label={state.common.label}
      labelProps={{ id: labelId }}
      description={state.common.description}
      error={state.common.error}
      withAsterisk={state.common.withAsterisk}
    >
      {html === '' && state.inheritedText !== undefined && (
        <Text size="xs" c="dimmed">
          {state.inheritedText}
        </Text>
      )}
      <RichTextEditor editor={editor} labels={labels}>
        {!state.readOnly && (
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
