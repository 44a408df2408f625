import {
  CloudDownloadOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  LinkOutlined,
  QrcodeOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { DirRow, MediaFile } from '@contract/index';
import { App, Button, Card, Flex, Tooltip, Typography, Upload } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton } from '@/shared';
import {
  ALL_KEY,
  absoluteUrl,
  MediaBrowser,
  ROOT_KEY,
  UploadProgress,
  useDirTree,
  useInvalidateMedia,
  useOssConfig,
  useUploadQueue,
} from '@/shared/media-picker';
import { copyText } from './copy-text';
import { DownToDirDialog } from './down-to-dir-dialog';
import { MoveDialog } from './move-dialog';
import { NameDialog } from './name-dialog';
import { QrDialog } from './qr-dialog';

type Dialog =
  | { kind: 'addDir'; parentId: string; parentName: string }
  | { kind: 'renameDir'; dir: DirRow }
  | { kind: 'renameFile'; file: MediaFile }
  | { kind: 'move' }
  | { kind: 'down' }
  | { kind: 'qr'; file: MediaFile };

/** 素材库: directories on the left; the directory's images and videos on the right, to upload, move, rename, delete and share. */
export default function MaterialPage() {
  const { modal, message } = App.useApp();
  const [dir, setDir] = useState(ALL_KEY);
  const [selected, setSelected] = useState<MediaFile[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const tree = useDirTree();
  const config = useOssConfig();
  const refresh = useInvalidateMedia();
  const dirs = tree.data?.dirs ?? [];
  // Files uploaded or fetched while 全部文件 is shown land in 未分组.
  const targetDir = dir === ALL_KEY ? ROOT_KEY : dir;
  const targetName = dirs.find((d) => d.id === targetDir)?.name ?? '未分组';
  const queue = useUploadQueue(
    useMemo(() => ({ dirId: targetDir, limits: config.data, onUploaded: () => void refresh() }), [targetDir, config.data, refresh]),
  );
  const close = useCallback(() => setDialog(null), []);

  const done = async (msg: string) => {
    message.success(msg);
    setSelected([]);
    await refresh();
  };

  const deleteDir = (d: DirRow) =>
    modal.confirm({
      title: `确定删除目录「${d.name}」?`,
      content: '目录下有文件或子目录时不能删除。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await api.files.DelDir({ id: d.id }).catch(() => undefined);
        if (dir === d.id) setDir(ALL_KEY);
        await refresh();
      },
    });

  const deleteFiles = () =>
    modal.confirm({
      title: '确定删除选中的数据?',
      content: '删除后，使用这些文件的页面将无法显示它们。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        api.files
          .DelFiles({ ids: selected.map((f) => f.id) })
          .then(() => done('删除成功!'))
          .catch(() => undefined),
    });

  const can = useCan();
  const canEdit = can('material', 'edit');
  const canDelete = can('material', 'delete');

  const treeActions = (d: DirRow) => (
    <>
      {canEdit && (
        <>
          <Tooltip title="新建子目录">
            <Button
              type="text"
              size="small"
              icon={<FolderAddOutlined />}
              aria-label={`在「${d.name}」下新建目录`}
              onClick={() => setDialog({ kind: 'addDir', parentId: d.id, parentName: d.name })}
            />
          </Tooltip>
          <Tooltip title="重命名">
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={`重命名目录「${d.name}」`}
              onClick={() => setDialog({ kind: 'renameDir', dir: d })}
            />
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
            onClick={() => deleteDir(d)}
          />
        </Tooltip>
      )}
    </>
  );

  const cardActions = (f: MediaFile) => (
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
        <Button
          type="text"
          size="small"
          icon={<QrcodeOutlined />}
          aria-label={`「${f.name}」的二维码`}
          onClick={() => setDialog({ kind: 'qr', file: f })}
        />
      </Tooltip>
      {canEdit && (
        <Tooltip title="重命名">
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={`重命名「${f.name}」`}
            onClick={() => setDialog({ kind: 'renameFile', file: f })}
          />
        </Tooltip>
      )}
    </>
  );

  const toolbar = (
    <>
      {selected.length > 0 && (
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          已选 {selected.length} 个
          <Button type="link" size="small" onClick={() => setSelected([])}>
            取消选择
          </Button>
        </Typography.Text>
      )}
      {canEdit && (
        <Button disabled={selected.length === 0} onClick={() => setDialog({ kind: 'move' })}>
          移动到
        </Button>
      )}
      {canDelete && (
        <DebouncedButton danger disabled={selected.length === 0} onClick={deleteFiles}>
          删除
        </DebouncedButton>
      )}
      {canEdit && (
        <Button icon={<CloudDownloadOutlined />} onClick={() => setDialog({ kind: 'down' })}>
          提取网络图片
        </Button>
      )}
      {canEdit && (
        <Upload
          multiple
          accept="image/jpeg,image/png,image/gif,image/webp,video/mp4"
          showUploadList={false}
          beforeUpload={(file, list) => {
            if (file === list[0]) queue.add(list as File[]);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={queue.busy}>
            上传文件
          </Button>
        </Upload>
      )}
    </>
  );

  return (
    <Card>
      <MediaBrowser
        dir={dir}
        onDirChange={(d) => {
          setDir(d);
          setSelected([]);
        }}
        multiple
        selected={selected}
        onSelectedChange={setSelected}
        treeHeader={
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
            <Typography.Text strong>目录</Typography.Text>
            {canEdit && (
              <Button
                size="small"
                icon={<FolderAddOutlined />}
                onClick={() => setDialog({ kind: 'addDir', parentId: ROOT_KEY, parentName: '' })}
              >
                新建目录
              </Button>
            )}
          </Flex>
        }
        treeActions={treeActions}
        toolbar={toolbar}
        notice={<UploadProgress items={queue.items} onClear={queue.clear} />}
        cardActions={cardActions}
      />
      {dialog?.kind === 'addDir' && (
        <NameDialog
          title={dialog.parentName ? `在「${dialog.parentName}」下新建目录` : '新建目录'}
          label="目录名称"
          max={30}
          onClose={close}
          onSubmit={async (name) => {
            const d = await api.files.AddDir({ parentId: dialog.parentId, name });
            await done('新建成功');
            setDir(d.id);
          }}
        />
      )}
      {dialog?.kind === 'renameDir' && (
        <NameDialog
          title="重命名目录"
          label="目录名称"
          max={30}
          initial={dialog.dir.name}
          onClose={close}
          onSubmit={async (name) => {
            await api.files.RenameDir({ id: dialog.dir.id, name });
            await done('重命名成功');
          }}
        />
      )}
      {dialog?.kind === 'renameFile' && (
        <NameDialog
          title="重命名文件"
          label="文件名称"
          max={100}
          initial={dialog.file.name}
          onClose={close}
          onSubmit={async (name) => {
            await api.files.RenameFile({ id: dialog.file.id, name });
            await done('重命名成功');
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          dirs={dirs}
          count={selected.length}
          onClose={close}
          onSubmit={async (dirId) => {
            await api.files.MoveFiles({ ids: selected.map((f) => f.id), dirId });
            await done('移动成功');
          }}
        />
      )}
      {dialog?.kind === 'down' && (
        <DownToDirDialog
          dirId={targetDir}
          dirName={targetName}
          max={config.data?.downUrlsMax ?? 20}
          onDone={() => void refresh()}
          onClose={close}
        />
      )}
      {dialog?.kind === 'qr' && <QrDialog url={dialog.file.url} name={dialog.file.name} onClose={close} />}
    </Card>
  );
}
