import { App, Button, Card, Input, Space } from 'antd';
import { useState } from 'react';
import { type MemberOrderKind, useSaveMemberOrderNotes } from './member-order.queries';

/** 卖家备注 of a level or card order, edited in place by those who may edit the orders. */
export function MemberOrderNotesCard({ kind, id, note, canEdit }: { kind: MemberOrderKind; id: string; note: string; canEdit: boolean }) {
  const { message } = App.useApp();
  const save = useSaveMemberOrderNotes(kind);
  const [notes, setNotes] = useState<string | null>(null);

  const submit = async () => {
    await save.mutateAsync({ id, notes: notes ?? '' });
    message.success('备注已保存');
    setNotes(null);
  };

  return (
    <Card title="卖家备注">
      {notes === null ? (
        <Space>
          <span>{note || '暂无备注'}</span>
          {canEdit && (
            <Button type="link" onClick={() => setNotes(note)}>
              编辑
            </Button>
          )}
        </Space>
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Input.TextArea
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            maxLength={500}
            showCount
            rows={2}
            aria-label="卖家备注"
          />
          <Button type="primary" onClick={submit}>
            保存
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}
