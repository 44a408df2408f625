import { App, Button, Card, Form, InputNumber, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { useLevelTasks, useSaveLevelTasks } from './levels.queries';

interface TaskValue {
  key: 'register' | 'profile' | 'signIn' | 'spend';
  label: string;
  on: boolean;
  growth: number | null;
  live: boolean;
}

/** /LvTask 等级任务: the growth each task gives (注册, 完善资料, 每日签到, 消费每元) and whether it is on. */
export default function LevelTaskPage() {
  const { message } = App.useApp();
  const q = useLevelTasks();
  const saveTasks = useSaveLevelTasks();
  const canEdit = useCan()('LvTask', 'edit');
  const [rows, setRows] = useState<TaskValue[]>([]);
  useEffect(() => {
    if (q.data) setRows(q.data);
  }, [q.data]);
  const set = (key: string, patch: Partial<TaskValue>) => setRows((r) => r.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const missing = rows.find((r) => r.growth === null);

  const save = async () => {
    if (missing) return;
    await saveTasks.mutateAsync({ tasks: rows.map((r) => ({ key: r.key, on: r.on, growth: r.growth ?? 0 })) });
    message.success('保存成功');
  };

  return (
    <Card
      title="等级任务"
      extra={
        canEdit && (
          <Button type="primary" loading={saveTasks.isPending} disabled={Boolean(missing)} onClick={save}>
            保存
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">会员完成任务获得成长值，成长值达到等级门槛后自动升级。</Typography.Paragraph>
      <Table<TaskValue>
        rowKey="key"
        pagination={false}
        loading={q.isFetching}
        dataSource={rows}
        columns={[
          {
            title: '任务',
            dataIndex: 'label',
            render: (v: string, r) => (
              <>
                {v} {!r.live && <Tag>相关功能上线后生效</Tag>}
              </>
            ),
          },
          {
            title: '获得成长值',
            dataIndex: 'growth',
            render: (v: number | null, r) => (
              <Form.Item
                style={{ margin: 0 }}
                validateStatus={v === null ? 'error' : undefined}
                help={v === null ? '请输入成长值' : undefined}
              >
                <InputNumber
                  aria-label={`${r.label}成长值`}
                  min={0}
                  max={100000}
                  precision={0}
                  value={v}
                  disabled={!canEdit}
                  addonAfter={r.key === 'spend' ? '/元' : undefined}
                  onChange={(g) => set(r.key, { growth: g })}
                />
              </Form.Item>
            ),
          },
          {
            title: '开启',
            dataIndex: 'on',
            render: (v: boolean, r) => (
              <Switch aria-label={`${r.label}开关`} checked={v} disabled={!canEdit} onChange={(c) => set(r.key, { on: c })} />
            ),
          },
        ]}
      />
    </Card>
  );
}
