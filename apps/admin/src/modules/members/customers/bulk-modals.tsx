import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useMessage } from '@/shared';
import { useAddToGroup, useClientGroups, useFindOptions, useTagCustomers } from './customers.queries';

interface BulkProps {
  open: boolean;
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}

/** 打标签 / 移除标签 for the chosen customers: manual tags only (automatic ones follow their rule). */
export function TagModal({ open, ids, onClose, onDone, attach }: BulkProps & { attach: boolean }) {
  const message = useMessage();
  const options = useFindOptions();
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [error, setError] = useState('');
  const tagCustomers = useTagCustomers(attach);
  useEffect(() => {
    if (open) {
      setTagIds([]);
      setError('');
    }
  }, [open]);
  const manual = (options.data?.tags ?? []).filter((t) => t.kind === 1);
  const ok = async () => {
    if (!tagIds.length) {
      setError('请选择标签');
      return;
    }
    try {
      const r = await tagCustomers.mutateAsync({ tagIds, ids });
      message.success(attach ? `打标签成功（新增${r.changed}个）` : `移除标签成功（移除${r.changed}个）`);
      onDone();
    } catch {
      // The refusal was shown by the api client.
    }
  };
  return (
    <Modal
      title={attach ? `打标签（已选${ids.length}个客户）` : `移除标签（已选${ids.length}个客户）`}
      open={open}
      onCancel={onClose}
      onOk={ok}
      confirmLoading={tagCustomers.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="标签" required validateStatus={error ? 'error' : undefined} help={error || '只能选择手动标签'}>
          <Select
            mode="multiple"
            aria-label="标签"
            placeholder="请选择标签"
            loading={options.isLoading}
            value={tagIds}
            onChange={(v) => {
              setTagIds(v);
              setError(v.length ? '' : '请选择标签');
            }}
            options={manual.map((t) => ({ value: t.id, label: t.name }))}
            optionFilterProp="label"
            notFoundContent={options.isLoading ? '加载中…' : '暂无手动标签，请先在标签管理中新建'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 加入分组: the chosen customers added to a group by hand. */
export function GroupModal({ open, ids, onClose, onDone }: BulkProps) {
  const message = useMessage();
  const groups = useClientGroups(open);
  const addToGroup = useAddToGroup();
  const [groupId, setGroupId] = useState<string>();
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setGroupId(undefined);
      setError('');
    }
  }, [open]);
  const ok = async () => {
    if (!groupId) {
      setError('请选择分组');
      return;
    }
    try {
      const r = await addToGroup.mutateAsync({ groupId, ids });
      message.success(`已加入分组（新加入${r.changed}人）`);
      onDone();
    } catch {
      // shown by the api client
    }
  };
  return (
    <Modal
      title={`加入分组（已选${ids.length}个客户）`}
      open={open}
      onCancel={onClose}
      onOk={ok}
      confirmLoading={addToGroup.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="分组" required validateStatus={error ? 'error' : undefined} help={error || undefined}>
          <Select
            aria-label="分组"
            placeholder="请选择分组"
            loading={groups.isLoading}
            value={groupId}
            onChange={(v) => {
              setGroupId(v);
              setError('');
            }}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            showSearch
            optionFilterProp="label"
            notFoundContent={groups.isLoading ? '加载中…' : '暂无分组，请先在会员分组中新建'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
