import { Card, Col, Collapse, Descriptions, Drawer, Empty, Row, Skeleton, Table } from 'antd';
import { useOperlogDetail } from '../account.queries';
import { RecordName } from './operlog-columns';

/** Pretty JSON of a logged value; '' when there is none. */
export function prettyJson(v: unknown): string {
  if (v === null || v === undefined) return '';
  return JSON.stringify(v, null, 2);
}

function JsonBox({ title, value }: { title: string; value: unknown }) {
  const text = prettyJson(value);
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      {text ? (
        <pre style={{ margin: 0, maxHeight: 480, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {text}
        </pre>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无" />
      )}
    </Card>
  );
}

const changeColumns = [
  { title: '字段', dataIndex: 'label', width: 160 },
  { title: '修改前', dataIndex: 'before', render: (v: string) => v || '—' },
  { title: '修改后', dataIndex: 'after', render: (v: string) => v || '—' },
];

/** One log entry: who, when, what, on which record, and the fields it changed (before → after). */
export function OperlogDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const q = useOperlogDetail(id);
  const d = q.data;
  return (
    <Drawer title="日志详情" open={id !== null} onClose={onClose} width={860} destroyOnHidden>
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={2} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label="操作时间">{d.createTime}</Descriptions.Item>
            <Descriptions.Item label="操作人">
              {d.userName} {d.phone}
            </Descriptions.Item>
            <Descriptions.Item label="模块">{d.moduleName}</Descriptions.Item>
            <Descriptions.Item label="操作">{d.action}</Descriptions.Item>
            <Descriptions.Item label="记录">
              <RecordName row={d} />
            </Descriptions.Item>
            <Descriptions.Item label="IP地址">{d.ip || '—'}</Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="field"
            size="small"
            pagination={false}
            columns={changeColumns}
            dataSource={d.changes}
            locale={{ emptyText: '无字段变更' }}
            data-testid="operlog-changes"
          />
          <Collapse
            ghost
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'raw',
                label: '原始数据',
                children: (
                  <Row gutter={16}>
                    <Col span={12}>
                      <JsonBox title="修改前" value={d.before} />
                    </Col>
                    <Col span={12}>
                      <JsonBox title="修改后" value={d.after} />
                    </Col>
                  </Row>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
