import type { contract, DataOf, MemberRule } from '@contract/index';
import { Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTagPreview } from './tags.queries';

interface Props {
  /** The rule as checked; without items there is nothing to preview and onIncomplete is called instead. */
  rule: MemberRule | null;
  tagId?: string;
  onIncomplete: () => void;
}

/** 预览命中会员: the count of the members a rule hits now, and the latest of them. */
export function TagPreview({ rule, tagId, onIncomplete }: Props) {
  const preview = useTagPreview();
  // The last answer stays on screen while the next one is asked (and when it is refused).
  const [data, setData] = useState<DataOf<typeof contract.tags.getScoreUIDS> | null>(null);
  const run = () => {
    if (!rule?.items.length) {
      onIncomplete();
      return;
    }
    // the reason of a refusal is shown
    preview.mutateAsync({ rule, tagId }).then(setData, () => undefined);
  };
  return (
    <>
      <div style={{ marginTop: 12 }}>
        <Button onClick={run} loading={preview.isPending} disabled={false}>
          预览命中会员
        </Button>
      </div>
      {data && (
        <div style={{ marginTop: 12 }}>
          <Typography.Text>
            共 {data.count} 人{data.count > data.rows.length ? `，以下为最新的 ${data.rows.length} 人` : ''}
          </Typography.Text>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.rows}
            locale={{ emptyText: '没有符合条件的会员' }}
            columns={[
              { title: '手机号', dataIndex: 'phone' },
              { title: '姓名', dataIndex: 'name', render: (v: string, r) => v || r.nickname },
            ]}
          />
        </div>
      )}
    </>
  );
}
