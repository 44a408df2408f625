import { type Editor, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { blockOf, selectedImage } from './commands';
import { editorExtensions } from './extensions';
import { normalizeHtml } from './rich-text';

export interface RichTextOptions {
  value: string;
  onChange?: (html: string) => void;
  /** Given to the editing area, so the form item's label points at it. */
  id?: string;
  placeholder: string;
  label: string;
  editable: boolean;
}

/**
 * The TipTap editor of a form field. The form gets normalised HTML on every change of the text (never when a value
 * is merely shown, so opening a goods does not mark its form as changed); a value from outside (the goods loaded, the
 * source view) replaces the content, one the editor itself handed out does not, so the caret stays where it is.
 */
export function useRichText({ value, onChange, id, placeholder, label, editable }: RichTextOptions): Editor | null {
  const emitted = useRef<string>(value);
  /**
   * The editor's own HTML of the value it was last given, until the merchant changes it: the editor may write a value
   * its own way (`b` as `strong`, an empty paragraph after a list at the first click), which is no change of theirs.
   */
  const shown = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: editorExtensions(placeholder),
    content: value,
    editable,
    editorProps: {
      attributes: {
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(id ? { id } : {}),
      },
    },
    onCreate: ({ editor: e }) => {
      shown.current = normalizeHtml(e.getHTML());
    },
    onUpdate: ({ editor: e }) => {
      const html = normalizeHtml(e.getHTML());
      if (html === emitted.current || html === shown.current) return;
      shown.current = null;
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    shown.current = normalizeHtml(editor.getHTML());
  }, [editor, value]);

  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  return editor;
}

/** What the toolbar shows: the marks and block at the caret, and the clicked image. */
export function useToolbarState(editor: Editor | null) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            block: blockOf(e),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            center: e.isActive({ textAlign: 'center' }),
            right: e.isActive({ textAlign: 'right' }),
            link: e.isActive('link'),
            image: selectedImage(e),
          }
        : null,
  });
}
export type ToolbarState = NonNullable<ReturnType<typeof useToolbarState>>;
