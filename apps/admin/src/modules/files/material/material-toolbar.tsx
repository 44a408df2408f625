import { CloudDownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Typography, Upload } from 'antd';
import { DebouncedButton } from '@/shared';

interface Props {
  /** How many files are selected. */
  selected: number;
  canEdit: boolean;
  canDelete: boolean;
  /** Files are uploading. */
  uploading: boolean;
  onClearSelection: () => void;
  onMove: () => void;
  onDelete: () => void;
  onDown: () => void;
  onUpload: (files: File[]) => void;
}

/** The toolbar of 素材库: the selection with 取消选择, 移动到, 删除, 提取网络图片, 上传文件. */
export function MaterialToolbar({ selected, canEdit, canDelete, uploading, onClearSelection, onMove, onDelete, onDown, onUpload }: Props) {
  return (
    <>
      {selected > 0 && (
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          已选 {selected} 个
          <Button type="link" size="small" onClick={onClearSelection}>
            取消选择
          </Button>
        </Typography.Text>
      )}
      {canEdit && (
        <Button disabled={selected === 0} onClick={onMove}>
          移动到
        </Button>
      )}
      {canDelete && (
        <DebouncedButton danger disabled={selected === 0} onClick={onDelete}>
          删除
        </DebouncedButton>
      )}
      {canEdit && (
        <Button icon={<CloudDownloadOutlined />} onClick={onDown}>
          提取网络图片
        </Button>
      )}
      {canEdit && (
        <Upload
          multiple
          accept="image/jpeg,image/png,image/gif,image/webp,video/mp4"
          showUploadList={false}
          beforeUpload={(file, list) => {
            if (file === list[0]) onUpload(list as File[]);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={uploading}>
            上传文件
          </Button>
        </Upload>
      )}
    </>
  );
}
