import type { DirRow } from '@contract/index';
import { Modal, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { ROOT_KEY } from '@/shared/media-picker';

interface Props {
  dirs: DirRow[];
  count: number;
  onSubmit: (dirId: string) => Promise<unknown>;
  onClose: () => void;
}

/** 移动到: the target directory for the selected files (未分组 is the root). */
export function MoveDialog({ dirs, count, onSubmit, onClose }: Props) {
  const [target, setTarget] = useState<string>();
  const [saving, setSaving] = useState(false);
  const treeData = useMemo(() => [{ value: ROOT_KEY, title: '未分组' }, ...optionsOf(dirs, ROOT_KEY)], [dirs]);
  const submit = async () => {
    if (!target) return;
    setSaving(true);
    try {
      await onSubmit(target);
      onClose();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`移动 ${count} 个文件到`}
      width={410}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !target }}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <TreeSelect
        aria-label="目标目录"
        style={{ width: '100%' }}
        placeholder="请选择目录"
        treeDefaultExpandAll
        treeData={treeData}
        value={target}
        onChange={setTarget}
      />
    </Modal>
  );
}

interface DirOption {
  value: string;
  title: string;
  children?: DirOption[];
}

/** The directories under parentId as TreeSelect options (directories never move, so there are no cycles). */
export function optionsOf(dirs: DirRow[], parentId: string): DirOption[] {
  return dirs
    .filter((d) => d.parentId === parentId)
    .map((d) => {
      const children = optionsOf(dirs, d.id);
      return { value: d.id, title: d.name, children: children.length ? children : undefined };
    });
}
