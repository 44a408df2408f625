import { App, Button, Card, Input, Space } from 'antd';
import { useState } from 'react';

interface Props {
  note: string;
  canEdit: boolean;
  saving: boolean;
  /** Saves the notes; a refusal is shown by the api client and keeps the editor open. */
  save: (notes: string) => Promise<unknown>;
}

/** 卖家备注 of an order of any kind: shown, and edited in place by those who may edit orders. */
export function NotesCard({ note, canEdit, saving, save }: Props) {
  const { message } = App.useApp();
  const [notes, setNotes] = useState<string | null>(null);

  const submit = async () => {
    try {
      await save(notes ?? '');
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
            <Button type="primary" loading={saving} onClick={submit}>
              保存
            </Button>
            <Button onClick={() => setNotes(null)}>取消</Button>
          </Space>
        </Space>
      )}
    </Card>
  );
}
