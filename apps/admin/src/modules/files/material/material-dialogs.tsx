import type { DirRow, MediaFile } from '@contract/index';
import { DownToDirDialog } from './down-to-dir-dialog';
import { useAddDir, useMoveFiles, useRenameDir, useRenameFile } from './material.queries';
import { MoveDialog } from './move-dialog';
import { NameDialog } from './name-dialog';
import { QrDialog } from './qr-dialog';

/** The dialog open on 素材库, with what it works on. */
export type MaterialDialog =
  | { kind: 'addDir'; parentId: string; parentName: string }
  | { kind: 'renameDir'; dir: DirRow }
  | { kind: 'renameFile'; file: MediaFile }
  | { kind: 'move' }
  | { kind: 'down' }
  | { kind: 'qr'; file: MediaFile };

interface Props {
  dialog: MaterialDialog | null;
  dirs: DirRow[];
  selected: MediaFile[];
  /** Where uploads and fetched images go (the directory shown, or 未分组). */
  target: { id: string; name: string };
  /** Most addresses 提取网络图片 takes at once. */
  downMax: number;
  onClose: () => void;
  /** After a write: its message, and the selection cleared. */
  onDone: (msg: string) => void;
  /** A directory was created: it is opened. */
  onDirCreated: (id: string) => void;
}

/** The dialogs of 素材库: new / rename directory, rename file, move files, fetch web images, a file's QR code. */
export function MaterialDialogs({ dialog, dirs, selected, target, downMax, onClose, onDone, onDirCreated }: Props) {
  const addDir = useAddDir();
  const renameDir = useRenameDir();
  const renameFile = useRenameFile();
  const moveFiles = useMoveFiles();
  switch (dialog?.kind) {
    case 'addDir':
      return (
        <NameDialog
          title={dialog.parentName ? `在「${dialog.parentName}」下新建目录` : '新建目录'}
          label="目录名称"
          max={30}
          onClose={onClose}
          onSubmit={async (name) => {
            const d = await addDir.mutateAsync({ parentId: dialog.parentId, name });
            onDone('新建成功');
            onDirCreated(d.id);
          }}
        />
      );
    case 'renameDir':
      return (
        <NameDialog
          title="重命名目录"
          label="目录名称"
          max={30}
          initial={dialog.dir.name}
          onClose={onClose}
          onSubmit={async (name) => {
            await renameDir.mutateAsync({ id: dialog.dir.id, name });
            onDone('重命名成功');
          }}
        />
      );
    case 'renameFile':
      return (
        <NameDialog
          title="重命名文件"
          label="文件名称"
          max={100}
          initial={dialog.file.name}
          onClose={onClose}
          onSubmit={async (name) => {
            await renameFile.mutateAsync({ id: dialog.file.id, name });
            onDone('重命名成功');
          }}
        />
      );
    case 'move':
      return (
        <MoveDialog
          dirs={dirs}
          count={selected.length}
          onClose={onClose}
          onSubmit={async (dirId) => {
            await moveFiles.mutateAsync({ ids: selected.map((f) => f.id), dirId });
            onDone('移动成功');
          }}
        />
      );
    case 'down':
      return <DownToDirDialog dirId={target.id} dirName={target.name} max={downMax} onClose={onClose} />;
    case 'qr':
      return <QrDialog url={dialog.file.url} name={dialog.file.name} onClose={onClose} />;
    default:
      return null;
  }
}
