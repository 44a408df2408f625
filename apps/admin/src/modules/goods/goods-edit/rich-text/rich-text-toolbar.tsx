import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Divider, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { clearFormat, removeLink, setBlock } from './commands';
import { ImageButton } from './image-button';
import { LinkButton } from './link-button';
import { BLOCK_FORMATS } from './rich-text';
import { ToolbarButton } from './toolbar-button';
import type { ToolbarState } from './use-rich-text';

export interface RichTextToolbarProps {
  editor: Editor;
  state: ToolbarState | null;
  /** The HTML source is showing: only the switch back works. */
  source: boolean;
  onToggleSource: () => void;
  /** A form that may only be viewed. */
  locked: boolean;
}

/** The editor's toolbar: block format, marks, lists, alignment, link, image, clear, undo / redo, HTML source. */
export function RichTextToolbar({ editor, state, source, onToggleSource, locked }: RichTextToolbarProps) {
  const off = source || locked;
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: ReactNode, onClick: () => void, active = false) => (
    <ToolbarButton key={label} label={label} icon={icon} onClick={onClick} active={active} disabled={off} />
  );
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="编辑工具栏">
      <Select
        size="small"
        aria-label="段落格式"
        style={{ width: 92 }}
        disabled={off}
        value={state?.block ?? 'p'}
        options={BLOCK_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
        onChange={(v) => {
          setBlock(editor, v);
          // The menu takes the focus back once it closes: the caret returns to the text after that.
          setTimeout(() => editor.commands.focus());
        }}
      />
      <Divider type="vertical" />
      {tool('加粗', <BoldOutlined />, () => chain().toggleBold().run(), state?.bold)}
      {tool('斜体', <ItalicOutlined />, () => chain().toggleItalic().run(), state?.italic)}
      {tool('下划线', <UnderlineOutlined />, () => chain().toggleUnderline().run(), state?.underline)}
      <Divider type="vertical" />
      {tool('无序列表', <UnorderedListOutlined />, () => chain().toggleBulletList().run(), state?.bulletList)}
      {tool('有序列表', <OrderedListOutlined />, () => chain().toggleOrderedList().run(), state?.orderedList)}
      <Divider type="vertical" />
      {tool('左对齐', <AlignLeftOutlined />, () => chain().unsetTextAlign().run())}
      {tool('居中', <AlignCenterOutlined />, () => chain().setTextAlign('center').run(), state?.center)}
      {tool('右对齐', <AlignRightOutlined />, () => chain().setTextAlign('right').run(), state?.right)}
      <Divider type="vertical" />
      <LinkButton editor={editor} disabled={off} />
      {tool('取消链接', <DisconnectOutlined />, () => removeLink(editor))}
      <ImageButton editor={editor} disabled={off} />
      <Divider type="vertical" />
      {tool('清除格式', <ClearOutlined />, () => clearFormat(editor))}
      {tool('撤销', <UndoOutlined />, () => chain().undo().run())}
      {tool('重做', <RedoOutlined />, () => chain().redo().run())}
      <Divider type="vertical" />
      <Tooltip title={source ? '返回可视化编辑' : '编辑 HTML 源代码'}>
        <Button
          type={source ? 'primary' : 'text'}
          size="small"
          icon={<CodeOutlined />}
          aria-label="源代码"
          aria-pressed={source}
          onClick={onToggleSource}
        />
      </Tooltip>
    </div>
  );
}
