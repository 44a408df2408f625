import { PlusOutlined } from '@ant-design/icons';
import { contract } from '@contract/index';
import { Upload } from 'antd';
import { useState } from 'react';
import { upload } from '@/api/client';

interface Props {
  /** The image's URL under /file/. */
  value?: string;
  onChange?: (url: string) => void;
}

/** One image, uploaded through /UpFile/UpLoad (checked by content on the server). */
export function ImageUpload({ value, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      listType="picture-card"
      accept="image/jpeg,image/png,image/gif,image/webp"
      maxCount={1}
      fileList={value ? [{ uid: value, name: value.split('/').pop() ?? 'image', status: 'done', url: value }] : []}
      onRemove={() => onChange?.('')}
      customRequest={async ({ file, onSuccess, onError }) => {
        setBusy(true);
        try {
          const r = await upload(contract.files.UpLoad, file as File);
          onChange?.(r.url);
          onSuccess?.(r);
        } catch (e) {
          onError?.(e as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {value ? null : (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{busy ? '上传中…' : '上传图片'}</div>
        </div>
      )}
    </Upload>
  );
}
