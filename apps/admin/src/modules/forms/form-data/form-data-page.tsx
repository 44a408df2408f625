import { ArrowLeftOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Can, ListSearch, ListTable, useListState } from '@/shared';
import { useForm, useSubmissions } from '../forms.queries';
import { ExportButton } from './export-button';
import { SubmissionDetailDialog } from './submission-detail-dialog';

const STATUS_BADGE: Record<number, 'success' | 'warning' | 'default'> = { 1: 'success', 0: 'warning', [-1]: 'default' };

/** 表单数据: the submissions of one form, by time range and keyword, with the detail dialog and export. */
export default function FormDataPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const form = useForm(id || null);
  const list = useListState({ stime: '', endtime: '' });
  const q = useSubmissions({ id, ...list.query });
  const [detail, setDetail] = useState<string | null>(null);

  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/form')} aria-label="返回" />
          {form.data ? `${form.data.formName}（${form.data.frno}）的提交数据` : '表单数据'}
        </Space>
      }
      extra={
        <Can menu="formdata" op="export">
          <ExportButton
            path="/FromRep/FormReport/ExportFromData"
            body={{ id, keyword: list.state.keyword, ...list.state.filters }}
            expected={q.data?.total_count ?? 0}
          />
        </Can>
      }
    >
      <ListSearch
        withRange
        placeholder="搜索提交内容 / 编号"
        onSearch={(v) => list.search(v.keyword, { stime: v.stime, endtime: v.endtime })}
        onReset={list.reset}
      />
      <ListTable
        list={list}
        result={q}
        rowKey="id"
        onRow={(r) => ({ onClick: () => setDetail(r.id), style: { cursor: 'pointer' } })}
        locale={{ emptyText: '暂无提交数据' }}
        columns={[
          { title: '提交编号', dataIndex: 'subNo', width: 130 },
          { title: '内容', dataIndex: 'summary', ellipsis: true },
          { title: '手机号', dataIndex: 'phone', width: 130 },
          {
            title: '状态',
            dataIndex: 'statusText',
            width: 100,
            render: (t: string, r) => <Badge status={STATUS_BADGE[r.status] ?? 'default'} text={t} />,
          },
          { title: '提交时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, r) => (
              <Typography.Link
                onClick={(e) => {
                  e.stopPropagation();
                  setDetail(r.id);
                }}
              >
                详情
              </Typography.Link>
            ),
          },
        ]}
      />
      <SubmissionDetailDialog id={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
