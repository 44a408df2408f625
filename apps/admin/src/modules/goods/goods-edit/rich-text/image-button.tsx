import { PictureOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Modal } from 'antd';
import { useState } from 'react';
import { MediaPicker } from '@/shared/media-picker';
import { insertImages } from './commands';
import { ToolbarButton } from './toolbar-button';

/** 插入图片: pictures from the 素材库 (or uploaded there), up to 9, inserted at the caret. */
export function ImageButton({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolbarButton label="插入图片" icon={<PictureOutlined />} disabled={disabled} onClick={() => setOpen(true)} />
      {open && (
        <ImageDialog
          onCancel={() => setOpen(false)}
          onOk={(urls) => {
            setOpen(false);
            insertImages(editor, urls);
          }}
        />
      )}
    </>
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
