import { UploadOutlined } from '@ant-design/icons';
import { contract, type MediaFile, type MediaKind } from '@contract/index';
import { Alert, Modal, Tabs, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '@/api/client';
import { canCall, useUserInfo } from '@/hooks/use-can';
import { useMessage } from '../use-message';
import { ALL_KEY, ROOT_KEY } from './dir-tree';
import { MediaBrowser } from './media-browser';
import { useDirTree, useOssConfig } from './media.queries';
import type { UploadedMedia } from './upload-file';
import { UploadProgress } from './upload-progress';
import { useUploadQueue } from './use-upload-queue';

export const KIND_NAME: Record<MediaKind, string> = { image: '图片', video: '视频' };
const ACCEPT: Record<MediaKind, string> = { image: 'image/jpeg,image/png,image/gif,image/webp', video: 'video/mp4' };

interface DialogProps {
  kind: MediaKind;
  multiple: boolean;
  /** How many more may be picked. */
  room: number;
  onCancel: () => void;
  onOk: (files: MediaFile[]) => void;
}

/** 选择图片 / 选择视频: the 素材库 (read-only) or a local upload, which is selected once uploaded. */
export function PickerDialog({ kind, multiple, room, onCancel, onOk }: DialogProps) {
  const message = useMessage();
  const tree = useDirTree(true);
  const config = useOssConfig(true);
  const forbidden = tree.error instanceof ApiError && tree.error.code === 1003;
  // Uploading takes an edit grant of the 素材库 or of a screen with images (the server checks the same list).
  const mayUpload = canCall(useUserInfo().data, contract.files.UpLoadToDir.permission);
  const [tab, setTab] = useState<'library' | 'upload'>('library');
  const [dir, setDir] = useState(ALL_KEY);
  const [selected, setSelected] = useState<MediaFile[]>([]);
  const uploadDir = dir === ALL_KEY ? ROOT_KEY : dir;
  const queue = useUploadQueue(
    useMemo(
      () => ({
        dirId: uploadDir,
        kind,
        limits: config.data,
        onUploaded: (f: UploadedMedia) => {
          if (f.kind !== kind) return void message.error(`只能选择${KIND_NAME[kind]}`);
          setSelected((xs) => (multiple ? [...xs, f].slice(0, room) : [f]));
        },
      }),
      [uploadDir, kind, config.data, message, multiple, room],
    ),
  );
  const activeTab = forbidden ? 'upload' : tab;
  const limits = config.data ? `${KIND_NAME[kind]}不超过${kind === 'video' ? config.data.videoMaxMb : config.data.imageMaxMb}MB` : '';

  return (
    <Modal
      open
      title={`选择${KIND_NAME[kind]}`}
      width={960}
      okText={selected.length ? `确定（${selected.length}）` : '确定'}
      cancelText="取消"
      okButtonProps={{ disabled: selected.length === 0 }}
      onCancel={onCancel}
      onOk={() => onOk(selected)}
      destroyOnHidden
    >
      <Tabs
        activeKey={activeTab}
        onChange={(k) => setTab(k as 'library' | 'upload')}
        items={[
          {
            key: 'library',
            label: '素材库',
            disabled: forbidden,
            children: (
              <MediaBrowser
                dir={dir}
                onDirChange={setDir}
                kind={kind}
                multiple={multiple}
                max={room}
                selected={selected}
                onSelectedChange={setSelected}
                pageSize={12}
                silent
              />
            ),
          },
          {
            key: 'upload',
            label: '本地上传',
            disabled: !mayUpload,
            children: (
              <div>
                {forbidden && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="你没有素材库权限，只能上传新文件" />}
                <Upload.Dragger
                  multiple={multiple}
                  accept={ACCEPT[kind]}
                  showUploadList={false}
                  beforeUpload={(_file, list) => {
                    if (_file === list[0]) queue.add(list as File[]);
                    return Upload.LIST_IGNORE;
                  }}
                >
                  <p className="ant-upload-drag-icon">
                    <UploadOutlined />
                  </p>
                  <p className="ant-upload-text">点击或拖拽文件到这里上传</p>
                  <p className="ant-upload-hint">
                    {kind === 'image' ? 'JPG、PNG、GIF、WebP' : 'MP4'}
                    {limits ? `，${limits}` : ''}；上传后自动选中
                  </p>
                </Upload.Dragger>
                <div style={{ marginTop: 12 }}>
                  <UploadProgress items={queue.items} onClear={queue.clear} />
                </div>
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}
