import { MEMBER_IMPORT_STATUS, type MemberImportProgress } from '@contract/index';
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Space, Statistic } from 'antd';
import { useNavigate } from 'react-router-dom';
import { type ImportView, statusBadge } from './member-import.shared';

/** 导入详情's head: the import, its progress and its counts (the live event's while it runs, newer than the last read). */
export function ImportSummaryCard({ d, live }: { d: ImportView; live: MemberImportProgress | null }) {
  const navigate = useNavigate();
  const running = d.status === MEMBER_IMPORT_STATUS.importing;
  const now = running && live && live.done >= d.doneRows ? live : null;
  const done = now?.done ?? d.doneRows;
  const total = d.counts.total;
  const percent = total ? Math.floor((done / total) * 100) : 0;
  const counts = { created: now?.created ?? d.created, updated: now?.updated ?? d.updated, skipped: now?.skipped ?? d.skipped };
  return (
    <Card
      title="导入详情"
      extra={
        <Space>
          {d.status === MEMBER_IMPORT_STATUS.checked && (
            <Button type="primary" onClick={() => navigate(`/member/addimport?id=${d.id}`)}>
              继续导入
            </Button>
          )}
          <Button onClick={() => navigate('/member/import')}>返回列表</Button>
        </Space>
      }
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="文件">{d.fileName}</Descriptions.Item>
        <Descriptions.Item label="状态">{statusBadge(d.status, d.statusText)}</Descriptions.Item>
        <Descriptions.Item label="已是会员">{d.existing === 2 ? '更新资料' : '跳过'}</Descriptions.Item>
        <Descriptions.Item label="上传时间">{d.createTime}</Descriptions.Item>
        <Descriptions.Item label="完成时间">{d.finishTime || '—'}</Descriptions.Item>
        <Descriptions.Item label="操作人">{d.operator || '—'}</Descriptions.Item>
      </Descriptions>
      {d.error && <Alert type="error" showIcon message={d.error} style={{ marginBottom: 16 }} />}
      <Progress
        percent={d.status === MEMBER_IMPORT_STATUS.imported ? 100 : percent}
        status={running ? 'active' : d.status === MEMBER_IMPORT_STATUS.imported ? 'success' : 'normal'}
        format={() => `${done}/${total}`}
      />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={5}>
          <Statistic title="总行数" value={total} />
        </Col>
        <Col span={5}>
          <Statistic title="新增" value={counts.created} valueStyle={{ color: '#389e0d' }} />
        </Col>
        <Col span={5}>
          <Statistic title="更新" value={counts.updated} />
        </Col>
        <Col span={4}>
          <Statistic title="跳过" value={counts.skipped} />
        </Col>
        <Col span={5}>
          <Statistic title="错误" value={d.counts.bad} valueStyle={d.counts.bad ? { color: '#cf1322' } : undefined} />
        </Col>
      </Row>
    </Card>
  );
}
