import { EditorContent } from '@tiptap/react';
import { ConfigProvider, Input } from 'antd';
import { useState } from 'react';
import { ImageBar } from './image-bar';
import { RichTextToolbar } from './rich-text-toolbar';
import { useRichText, useToolbarState } from './use-rich-text';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  placeholder?: string;
  /** The accessible name of the editing area (default 商品详情). */
  'aria-label'?: string;
}

/**
 * The goods description editor (TipTap over ProseMirror): headings, bold / italic / underline, lists, links, images
 * from the 素材库 (with a width), alignment, undo / redo and an HTML source view. The form gets HTML; the server
 * sanitises it (goods.sanitize.ts keeps everything this editor makes). Loaded lazily with the goods form.
 */
export default function RichTextEditor({ value = '', onChange, id, placeholder = '请输入商品详情', ...rest }: RichTextEditorProps) {
  /** Inside a disabled form (a role that may only view) the editor only shows the description. */
  const locked = ConfigProvider.useConfig().componentDisabled ?? false;
  const [source, setSource] = useState(false);
  const editor = useRichText({ value, onChange, id, placeholder, label: rest['aria-label'] ?? '商品详情', editable: !source && !locked });
  const state = useToolbarState(editor);

  return (
    <div className="rte" id={id ? `${id}-wrapper` : undefined}>
      {editor && (
        <RichTextToolbar editor={editor} state={state} source={source} locked={locked} onToggleSource={() => setSource((s) => !s)} />
      )}
      {editor && state?.image && !source && !locked && <ImageBar editor={editor} />}
      {/* Stays mounted in the source view so its history survives the switch. */}
      <EditorContent editor={editor} hidden={source} />
      {source && (
        <Input.TextArea
          aria-label="HTML 源代码"
          className="rte-source"
          autoSize={{ minRows: 10, maxRows: 30 }}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
        />
      )}
    </div>
  );
}
