import { MEMBER_IMPORT_PROGRESS_EVENT, MEMBER_IMPORT_STATUS, type MemberImportProgress } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, InputNumber, Progress, Result, Row, Space, Spin, Statistic, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '@/api/client';
import { onHubData } from '@/realtime/hub-client';
import { lineColumns, statusBadge } from './member-import.shared';

const FILTERS = [
  { key: 'all', label: '全部' },
  { key: 'created', label: '新增' },
  { key: 'updated', label: '已更新' },
  { key: 'existing', label: '跳过' },
  { key: 'bad', label: '错误' },
] as const;
type Filter = (typeof FILTERS)[number]['key'];
/** While the import runs the page also reads it this often, in case the live connection is down. */
const POLL_MS = 3_000;

/** 导入详情: an import's progress (live from the hub's memberImportProgress), its counts and each row's result. */
export default function MemberImportDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState({ page_index: 1, page_size: 20 });
  // Pages reach the first 10,000 rows of a filter; rows further down a large file are reached from a row number.
  const [fromRow, setFromRow] = useState(0);
  const [live, setLive] = useState<MemberImportProgress | null>(null);
  const q = useQuery({
    queryKey: ['memberImport', 'detail', id, filter, fromRow, page],
    queryFn: () => api.memberImport.GetImportDetail({ id, filter, fromRow, ...page }, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.import.status === MEMBER_IMPORT_STATUS.importing ? POLL_MS : false),
  });

  useEffect(() => {
    if (!id) return;
    return onHubData(MEMBER_IMPORT_PROGRESS_EVENT, (payload) => {
      const p = payload as MemberImportProgress;
      if (p.id !== id) return;
      setLive(p);
      // The end (or a failure): the page reads the import and its rows again.
      if (p.status !== MEMBER_IMPORT_STATUS.importing) qc.invalidateQueries({ queryKey: ['memberImport', 'detail', id] });
    });
  }, [id, qc]);

  if (!id)
    return <Result status="404" title="导入记录不存在" extra={<Button onClick={() => navigate('/member/import')}>返回列表</Button>} />;
  if (q.error)
    return (
      <Result
        status="warning"
        title={q.error instanceof ApiError ? q.error.message : '加载失败'}
        extra={<Button onClick={() => navigate('/member/import')}>返回列表</Button>}
      />
    );
  const d = q.data?.import;
  if (!d) return <Spin style={{ display: 'block', margin: 48 }} />;
  // The live event is newer than the last read while the import runs.
  const running = d.status === MEMBER_IMPORT_STATUS.importing;
  const now = running && live && live.done >= d.doneRows ? live : null;
  const done = now?.done ?? d.doneRows;
  const total = d.counts.total;
  const percent = total ? Math.floor((done / total) * 100) : 0;
  const counts = { created: now?.created ?? d.created, updated: now?.updated ?? d.updated, skipped: now?.skipped ?? d.skipped };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
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
      <Card
        title="每行结果"
        extra={
          <Space>
            <span>从第</span>
            <InputNumber
              aria-label="起始行号"
              min={2}
              precision={0}
              placeholder="2"
              style={{ width: 110 }}
              onChange={(v) => {
                setFromRow(typeof v === 'number' ? v : 0);
                setPage((p) => ({ ...p, page_index: 1 }));
              }}
            />
            <span>行起</span>
          </Space>
        }
      >
        <Tabs
          activeKey={filter}
          onChange={(k) => {
            setFilter(k as Filter);
            setPage((p) => ({ ...p, page_index: 1 }));
          }}
          items={FILTERS.map((f) => ({ key: f.key, label: f.label }))}
        />
        <Table
          rowKey="row"
          size="small"
          columns={lineColumns}
          dataSource={q.data?.rows.rows ?? []}
          loading={q.isFetching && !running}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page.page_index,
            pageSize: page.page_size,
            total: q.data?.rows.total_count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (n) => `共 ${n} 行`,
            onChange: (page_index, page_size) => setPage({ page_index, page_size }),
          }}
        />
      </Card>
    </Space>
  );
}
