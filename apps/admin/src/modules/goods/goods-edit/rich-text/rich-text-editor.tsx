import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, ConfigProvider, Divider, Form, Input, Modal, Select, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { MediaPicker } from '@/shared/media-picker';
import { BLOCK_FORMATS, escapeAttr, IMAGE_WIDTHS, imageStyle, imagesHtml, linkProblem, normalizeHtml } from './rich-text';
import './rich-text.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  placeholder?: string;
  /** The accessible name of the editing area (default 商品详情). */
  'aria-label'?: string;
}

/** document.queryCommandState / Value, which throw in some engines for unknown commands. */
function commandState(cmd: string): boolean {
  try {
    return document.queryCommandState(cmd);
  } catch {
    return false;
  }
}
function blockOf(): string {
  try {
    const v = document.queryCommandValue('formatBlock').toLowerCase();
    return BLOCK_FORMATS.some((f) => f.value === v) ? v : 'p';
  } catch {
    return 'p';
  }
}

/**
 * A small rich-text editor over contentEditable (no dependency): headings, bold / italic / underline, lists, links,
 * images from the 素材库 (with a width), alignment, undo / redo and an HTML source view. The form gets HTML; the server
 * sanitises it (goods.sanitize.ts keeps everything this editor makes). Loaded lazily with the goods form.
 */
export default function RichTextEditor({ value = '', onChange, id, placeholder = '请输入商品详情', ...rest }: RichTextEditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  /** Inside a disabled form (a role that may only view) the editor only shows the description. */
  const locked = ConfigProvider.useConfig().componentDisabled;
  /** The HTML last handed to the form: a value equal to it came from us and must not reset the caret. */
  const emitted = useRef<string | null>(null);
  const range = useRef<Range | null>(null);
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const [source, setSource] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const focused = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || value === emitted.current) return;
    el.innerHTML = value;
    emitted.current = value;
    setImage(null);
  }, [value]);

  // The caret is remembered wherever it moves in the editor (typing, IME input, clicks, arrows), so a toolbar action
  // or a dialog acts where the merchant left it; toolbar states follow it.
  useEffect(() => {
    const onSelection = () => {
      const sel = window.getSelection();
      if (sel?.rangeCount && ref.current?.contains(sel.anchorNode)) range.current = sel.getRangeAt(0).cloneRange();
      if (focused.current) refresh();
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  const emit = () => {
    const el = ref.current;
    if (!el) return;
    const html = normalizeHtml(el.innerHTML);
    emitted.current = html;
    onChange?.(html);
  };

  const saveRange = () => {
    const sel = window.getSelection();
    if (sel?.rangeCount && ref.current?.contains(sel.anchorNode)) range.current = sel.getRangeAt(0).cloneRange();
  };
  /** Focuses the editor with the caret where it was (or at the end). */
  const restoreRange = () => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    let r = range.current;
    if (!r || !el.contains(r.startContainer)) {
      r = document.createRange();
      r.selectNodeContents(el);
      r.collapse(false);
    }
    const sel = window.getSelection();
    sel?.removeAllRanges();
    sel?.addRange(r);
  };

  const exec = (cmd: string, arg?: string) => {
    restoreRange();
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand(cmd, false, arg);
    saveRange();
    emit();
    refresh();
  };

  const tool = (label: string, icon: ReactNode, onClick: () => void, active = false) => (
    <Tooltip title={label} key={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={source || locked}
        // Keep the editor's selection: the button never takes focus.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );

  const insertLink = (url: string) => {
    restoreRange();
    const sel = window.getSelection();
    if (!sel || sel.isCollapsed) exec('insertHTML', `<a href="${escapeAttr(url)}" target="_blank">${escapeAttr(url)}</a>`);
    else {
      exec('createLink', url);
      for (const a of ref.current?.querySelectorAll('a') ?? []) if (a.getAttribute('href') === url) a.setAttribute('target', '_blank');
      emit();
    }
  };

  /** Images go in a block of their own: the caret's block is split first unless it is empty. */
  const insertImages = (urls: string[]) => {
    restoreRange();
    const node = window.getSelection()?.anchorNode;
    const block = (node instanceof Element ? node : node?.parentElement)?.closest('p,h2,h3,h4,blockquote,li,div');
    const empty = !block || block === ref.current || ((block.textContent ?? '').trim() === '' && !block.querySelector('img'));
    document.execCommand('styleWithCSS', false, 'false');
    if (!empty) document.execCommand('insertParagraph');
    document.execCommand('insertHTML', false, imagesHtml(urls));
    // A new paragraph inherits the caret's bold / italic: images do not need it, nor do empty marks.
    for (const mark of ref.current?.querySelectorAll('b, strong, i, em, u') ?? []) {
      if (!mark.textContent?.trim()) mark.replaceWith(...mark.childNodes);
    }
    saveRange();
    emit();
    refresh();
  };

  const setWidth = (w: string) => {
    if (!image) return;
    image.setAttribute('style', imageStyle(w));
    emit();
    refresh();
  };

  const on = focused.current;
  return (
    <div className="rte" id={id ? `${id}-wrapper` : undefined}>
      <div className="rte-toolbar" role="toolbar" aria-label="编辑工具栏">
        <Select
          size="small"
          aria-label="段落格式"
          style={{ width: 92 }}
          disabled={source || locked}
          value={on ? blockOf() : 'p'}
          options={BLOCK_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
          onChange={(v) => exec('formatBlock', `<${v}>`)}
        />
        <Divider type="vertical" />
        {tool('加粗', <BoldOutlined />, () => exec('bold'), on && commandState('bold'))}
        {tool('斜体', <ItalicOutlined />, () => exec('italic'), on && commandState('italic'))}
        {tool('下划线', <UnderlineOutlined />, () => exec('underline'), on && commandState('underline'))}
        <Divider type="vertical" />
        {tool('无序列表', <UnorderedListOutlined />, () => exec('insertUnorderedList'), on && commandState('insertUnorderedList'))}
        {tool('有序列表', <OrderedListOutlined />, () => exec('insertOrderedList'), on && commandState('insertOrderedList'))}
        <Divider type="vertical" />
        {tool('左对齐', <AlignLeftOutlined />, () => exec('justifyLeft'))}
        {tool('居中', <AlignCenterOutlined />, () => exec('justifyCenter'), on && commandState('justifyCenter'))}
        {tool('右对齐', <AlignRightOutlined />, () => exec('justifyRight'), on && commandState('justifyRight'))}
        <Divider type="vertical" />
        {tool('插入链接', <LinkOutlined />, () => {
          saveRange();
          setLinkOpen(true);
        })}
        {tool('取消链接', <DisconnectOutlined />, () => exec('unlink'))}
        {tool('插入图片', <PictureOutlined />, () => {
          saveRange();
          setImageOpen(true);
        })}
        <Divider type="vertical" />
        {tool('清除格式', <ClearOutlined />, () => exec('removeFormat'))}
        {tool('撤销', <UndoOutlined />, () => exec('undo'))}
        {tool('重做', <RedoOutlined />, () => exec('redo'))}
        <Divider type="vertical" />
        <Tooltip title={source ? '返回可视化编辑' : '编辑 HTML 源代码'}>
          <Button
            type={source ? 'primary' : 'text'}
            size="small"
            icon={<CodeOutlined />}
            aria-label="源代码"
            aria-pressed={source}
            onClick={() => {
              setSource((s) => !s);
              setImage(null);
            }}
          />
        </Tooltip>
      </div>
      {image && !source && (
        <Space className="rte-image-bar" size={4} wrap>
          <span>图片宽度：</span>
          {IMAGE_WIDTHS.map((w) => (
            <Button key={w || 'auto'} size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => setWidth(w)}>
              {w || '原图'}
            </Button>
          ))}
          <Button
            size="small"
            danger
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              image.remove();
              setImage(null);
              emit();
            }}
          >
            删除图片
          </Button>
        </Space>
      )}
      {/* Stays mounted in source view so its content and history survive the switch. */}
      <div
        ref={ref}
        id={id}
        className="rte-content"
        contentEditable={!source && !locked}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={rest['aria-label'] ?? '商品详情'}
        data-placeholder={placeholder}
        hidden={source}
        tabIndex={0}
        onInput={emit}
        onFocus={() => {
          focused.current = true;
          // Text starts in a paragraph, so headings, alignment and inserted images apply to blocks.
          const el = ref.current;
          if (el && el.innerHTML === '') {
            el.innerHTML = '<p><br></p>';
            const r = document.createRange();
            r.setStart(el.firstChild as Node, 0);
            r.collapse(true);
            window.getSelection()?.removeAllRanges();
            window.getSelection()?.addRange(r);
          }
          refresh();
        }}
        onBlur={() => {
          saveRange();
          focused.current = false;
        }}
        onKeyUp={saveRange}
        onMouseUp={saveRange}
        onClick={(e) => setImage(e.target instanceof HTMLImageElement ? e.target : null)}
      />
      {source && (
        <Input.TextArea
          aria-label="HTML 源代码"
          className="rte-source"
          autoSize={{ minRows: 10, maxRows: 30 }}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
        />
      )}
      {linkOpen && (
        <LinkDialog
          onCancel={() => setLinkOpen(false)}
          onOk={(url) => {
            setLinkOpen(false);
            insertLink(url);
          }}
        />
      )}
      {imageOpen && (
        <ImageDialog
          onCancel={() => setImageOpen(false)}
          onOk={(urls) => {
            setImageOpen(false);
            insertImages(urls);
          }}
        />
      )}
    </div>
  );
}

function LinkDialog({ onOk, onCancel }: { onOk: (url: string) => void; onCancel: () => void }) {
  const [url, setUrl] = useState('https://');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = linkProblem(url);
    if (problem) return setError(problem);
    onOk(url.trim());
  };
  return (
    <Modal open title="插入链接" okText="确定" cancelText="取消" onOk={submit} onCancel={onCancel} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="链接地址" validateStatus={error ? 'error' : undefined} help={error ?? '选中文字后插入，文字即成为链接'}>
          <Input
            aria-label="链接地址"
            autoFocus
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ImageDialog({ onOk, onCancel }: { onOk: (urls: string[]) => void; onCancel: () => void }) {
  const [urls, setUrls] = useState<string[]>([]);
  return (
    <Modal
      open
      title="插入图片"
      okText="插入"
      cancelText="取消"
      okButtonProps={{ disabled: urls.length === 0 }}
      onOk={() => onOk(urls)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>从素材库选择或上传图片，插入到光标处（最多9张）</p>
      <MediaPicker kind="image" multiple max={9} value={urls} onChange={setUrls} />
    </Modal>
  );
}
