import { App, Button, Card, Input, Space } from 'antd';
import { useState } from 'react';
import { useSaveSellerNotes } from './goods-orders.queries';

/** 卖家备注 of a goods order: shown, and edited in place by those who may edit orders. */
export function SellerNotesCard({ id, note, canEdit }: { id: string; note: string; canEdit: boolean }) {
  const { message } = App.useApp();
  const save = useSaveSellerNotes();
  const [notes, setNotes] = useState<string | null>(null);

  const submit = async () => {
    try {
      await save.mutateAsync({ id, notes: notes ?? '' });
      message.success('备注已保存');
      setNotes(null);
    } catch {
      // shown by the api client
    }
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
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            maxLength={500}
            showCount
            rows={3}
            aria-label="卖家备注"
          />
          <Space>
            <Button type="primary" loading={save.isPending} onClick={submit}>
              保存
            </Button>
            <Button onClick={() => setNotes(null)}>取消</Button>
          </Space>
        </Space>
      )}
    </Card>
  );
}
