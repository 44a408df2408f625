import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { LogisticsDialog } from './bulk-logistics-dialog';
import { ScheduleDialog } from './bulk-schedule-dialog';
import { TypeDialog } from './bulk-type-dialog';
import { VipDialog } from './bulk-vip-dialog';

type Action = 'type' | 'logistics' | 'vip' | 'schedule';

interface Props {
  /** The selected goods ids. */
  ids: string[];
  /** After a change (the list reloads by itself): clear the selection. */
  onDone: () => void;
}

/** 批量操作 beyond on/off shelf and delete: 修改类型, 修改物流, 会员价设置, 定时开售 for the selected goods. */
export function GoodsBulkActions({ ids, onDone }: Props) {
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    onDone();
  };
  return (
    <>
      <Dropdown
        disabled={ids.length === 0}
        trigger={['click']}
        menu={{
          items: [
            { key: 'type', label: '修改类型' },
            { key: 'logistics', label: '修改物流' },
            { key: 'vip', label: '会员价设置' },
            { key: 'schedule', label: '定时开售' },
          ],
          onClick: ({ key }) => setOpen(key as Action),
        }}
      >
        <Button disabled={ids.length === 0}>
          <Space>
            批量操作
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
      {open === 'type' && <TypeDialog ids={ids} onCancel={close} onDone={done} />}
      {open === 'logistics' && <LogisticsDialog ids={ids} onCancel={close} onDone={done} />}
      {open === 'vip' && <VipDialog ids={ids} onCancel={close} onDone={done} />}
      {open === 'schedule' && <ScheduleDialog ids={ids} onCancel={close} onDone={done} />}
    </>
  );
}
