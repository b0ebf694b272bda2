import '@mantine/tiptap/styles.css'
import { Input, Text } from '@mantine/core'
import { RichTextEditor } from '@mantine/tiptap'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useRef } from 'react'
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
      <RichTextEditor editor={editor}>
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
