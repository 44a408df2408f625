import { FolderAddOutlined } from '@ant-design/icons';
import type { DirRow, MediaFile } from '@contract/index';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { ALL_KEY, MediaBrowser, ROOT_KEY, UploadProgress, useDirTree, useOssConfig, useUploadQueue } from '@/shared/media-picker';
import { DirActions, FileActions } from './material-actions';
import { type MaterialDialog, MaterialDialogs } from './material-dialogs';
import { MaterialToolbar } from './material-toolbar';
import { useDeleteDir, useDeleteFiles } from './material.queries';

/** 素材库: directories on the left; the directory's images and videos on the right, to upload, move, rename, delete and share. */
export default function MaterialPage() {
  const { modal, message } = App.useApp();
  const [dir, setDir] = useState(ALL_KEY);
  const [selected, setSelected] = useState<MediaFile[]>([]);
  const [dialog, setDialog] = useState<MaterialDialog | null>(null);
  const tree = useDirTree();
  const config = useOssConfig();
  const deleteDir = useDeleteDir();
  const deleteFiles = useDeleteFiles();
  const dirs = tree.data?.dirs ?? [];
  // Files uploaded or fetched while 全部文件 is shown land in 未分组.
  const targetDir = dir === ALL_KEY ? ROOT_KEY : dir;
  const targetName = dirs.find((d) => d.id === targetDir)?.name ?? '未分组';
  const queue = useUploadQueue(useMemo(() => ({ dirId: targetDir, limits: config.data }), [targetDir, config.data]));
  const close = useCallback(() => setDialog(null), []);
  const can = useCan();
  const canEdit = can('material', 'edit');
  const canDelete = can('material', 'delete');

  const done = (msg: string) => {
    message.success(msg);
    setSelected([]);
  };

  const removeDir = (d: DirRow) =>
    modal.confirm({
      title: `确定删除目录「${d.name}」?`,
      content: '目录下有文件或子目录时不能删除。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteDir.mutateAsync(d.id).catch(() => undefined);
        if (dir === d.id) setDir(ALL_KEY);
      },
    });

  const removeFiles = () =>
    modal.confirm({
      title: '确定删除选中的数据?',
      content: '删除后，使用这些文件的页面将无法显示它们。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () =>
        deleteFiles
          .mutateAsync(selected.map((f) => f.id))
          .then(() => done('删除成功!'))
          .catch(() => undefined),
    });

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
        treeActions={(d) => (
          <DirActions
            dir={d}
            canEdit={canEdit}
            canDelete={canDelete}
            onAdd={(x) => setDialog({ kind: 'addDir', parentId: x.id, parentName: x.name })}
            onRename={(x) => setDialog({ kind: 'renameDir', dir: x })}
            onDelete={removeDir}
          />
        )}
        toolbar={
          <MaterialToolbar
            selected={selected.length}
            canEdit={canEdit}
            canDelete={canDelete}
            uploading={queue.busy}
            onClearSelection={() => setSelected([])}
            onMove={() => setDialog({ kind: 'move' })}
            onDelete={removeFiles}
            onDown={() => setDialog({ kind: 'down' })}
            onUpload={queue.add}
          />
        }
        notice={<UploadProgress items={queue.items} onClear={queue.clear} />}
        cardActions={(f) => (
          <FileActions
            file={f}
            canEdit={canEdit}
            onQr={(x) => setDialog({ kind: 'qr', file: x })}
            onRename={(x) => setDialog({ kind: 'renameFile', file: x })}
          />
        )}
      />
      <MaterialDialogs
        dialog={dialog}
        dirs={dirs}
        selected={selected}
        target={{ id: targetDir, name: targetName }}
        downMax={config.data?.downUrlsMax ?? 20}
        onClose={close}
        onDone={done}
        onDirCreated={setDir}
      />
    </Card>
  );
}
