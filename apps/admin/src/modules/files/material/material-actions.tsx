import { DeleteOutlined, EditOutlined, FolderAddOutlined, LinkOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { DirRow, MediaFile } from '@contract/index';
import { App, Button, Tooltip } from 'antd';
import { absoluteUrl } from '@/shared/media-picker';
import { copyText } from './copy-text';

interface DirActionsProps {
  dir: DirRow;
  canEdit: boolean;
  canDelete: boolean;
  onAdd: (dir: DirRow) => void;
  onRename: (dir: DirRow) => void;
  onDelete: (dir: DirRow) => void;
}

/** The buttons of a directory in the tree: 新建子目录, 重命名, 删除. */
export function DirActions({ dir: d, canEdit, canDelete, onAdd, onRename, onDelete }: DirActionsProps) {
  return (
    <>
      {canEdit && (
        <>
          <Tooltip title="新建子目录">
            <Button
              type="text"
              size="small"
              icon={<FolderAddOutlined />}
              aria-label={`在「${d.name}」下新建目录`}
              onClick={() => onAdd(d)}
            />
          </Tooltip>
          <Tooltip title="重命名">
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={`重命名目录「${d.name}」`} onClick={() => onRename(d)} />
          </Tooltip>
        </>
      )}
      {canDelete && (
        <Tooltip title="删除">
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除目录「${d.name}」`}
            onClick={() => onDelete(d)}
          />
        </Tooltip>
      )}
    </>
  );
}

interface FileActionsProps {
  file: MediaFile;
  canEdit: boolean;
  onQr: (file: MediaFile) => void;
  onRename: (file: MediaFile) => void;
}

/** The buttons of a file's card: 复制链接, 二维码, 重命名. */
export function FileActions({ file: f, canEdit, onQr, onRename }: FileActionsProps) {
  const { message } = App.useApp();
  return (
    <>
      <Tooltip title="复制链接">
        <Button
          type="text"
          size="small"
          icon={<LinkOutlined />}
          aria-label={`复制「${f.name}」的链接`}
          onClick={() =>
            copyText(absoluteUrl(f.url)).then((ok) => (ok ? message.success('链接已复制') : message.error('复制失败，请手动复制')))
          }
        />
      </Tooltip>
      <Tooltip title="二维码">
        <Button type="text" size="small" icon={<QrcodeOutlined />} aria-label={`「${f.name}」的二维码`} onClick={() => onQr(f)} />
      </Tooltip>
      {canEdit && (
        <Tooltip title="重命名">
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={`重命名「${f.name}」`} onClick={() => onRename(f)} />
        </Tooltip>
      )}
    </>
  );
}
