import { LinkOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { insertLink } from './commands';
import { linkProblem } from './rich-text';
import { ToolbarButton } from './toolbar-button';

/** 插入链接: asks for the address, then links the selected text (or inserts the address as a link at the caret). */
export function LinkButton({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolbarButton label="插入链接" icon={<LinkOutlined />} disabled={disabled} onClick={() => setOpen(true)} />
      {open && (
        <LinkDialog
          onCancel={() => setOpen(false)}
          onOk={(url) => {
            setOpen(false);
            insertLink(editor, url);
          }}
        />
      )}
    </>
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
