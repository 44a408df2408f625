import { CloseOutlined, RedoOutlined } from '@ant-design/icons';
import { TRANSFER_STATUS_LABELS, type TransferItem, type TransferTask } from '@contract/index';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Image, Progress, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { api, lastSuccessMsg } from '@/api/client';
import { Can, DebouncedButton, Pager } from '@/shared';
import { transferKeys, useTransferDetail, useTransferItems } from './transfer.queries';

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success' };
const FILTERS = [
  { value: -1, label: '全部' },
  { value: 1, label: '成功' },
  { value: 2, label: '失败' },
  { value: 0, label: '等待中' },
];
const PAGE_SIZES = [10, 20, 50, 100];
/** The bar: green for the saved part, red for the failed part (antd's success overlay on the done part). */
export const FAIL_COLOR = '#ff7875';

export const percentOf = (t: Pick<TransferTask, 'doneCount' | 'total'>) => (t.total ? Math.floor((t.doneCount * 100) / t.total) : 0);

/** 成功 N / 失败 M / 共 T */
export const countsText = (t: Pick<TransferTask, 'okCount' | 'failCount' | 'total'>) =>
  `成功 ${t.okCount} / 失败 ${t.failCount} / 共 ${t.total}`;

export function TransferStatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]}>{TRANSFER_STATUS_LABELS[status] ?? status}</Tag>;
}

const columns: ColumnsType<TransferItem> = [
  { title: '行', dataIndex: 'seq', width: 60 },
  {
    title: '图片',
    key: 'thumb',
    width: 90,
    render: (_, r) =>
      r.status === 1 && r.fileUrl ? (
        <Image
          src={r.thumbUrl || r.fileUrl}
          preview={{ src: r.fileUrl }}
          width={56}
          height={56}
          style={{ objectFit: 'cover' }}
          alt="转存的图片"
        />
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  {
    title: '图片地址',
    dataIndex: 'url',
    ellipsis: true,
    render: (url: string) => (
      <Typography.Link href={url} target="_blank" rel="noreferrer noopener" title={url}>
        {url}
      </Typography.Link>
    ),
  },
  {
    title: '结果',
    key: 'result',
    width: 280,
    render: (_, r) => {
      if (r.status === 1)
        return r.fileUrl ? <Tag color="success">成功</Tag> : <Typography.Text type="secondary">成功（已从素材库删除）</Typography.Text>;
      if (r.status === 2) return <Typography.Text type="danger">{r.error}</Typography.Text>;
      return <Tag>等待中</Tag>;
    },
  },
];

/** One task: its progress (live through the hub, polled as a fallback) and the result of every address. */
export function TaskProgress({ id, onClose }: { id: string; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const detail = useTransferDetail(id);
  const [filter, setFilter] = useState(-1);
  const [page, setPage] = useState({ page_index: 1, page_size: 10 });
  const t = detail.data;
  const items = useTransferItems({ id, status: filter, ...page }, !!t && t.status !== 2);

  const retry = async () => {
    try {
      await api.files.TransferRetry({ id }, { quiet: true });
      message.success(lastSuccessMsg());
      setFilter(-1);
      setPage((p) => ({ ...p, page_index: 1 }));
    } catch {
      // the reason is shown
    } finally {
      await qc.invalidateQueries({ queryKey: transferKeys.all });
    }
  };

  const close = <Button type="text" icon={<CloseOutlined />} aria-label="关闭任务详情" onClick={onClose} />;
  if (detail.isError)
    return (
      <Card title="转存进度" extra={close}>
        <Alert type="warning" showIcon message="转存任务不存在" />
      </Card>
    );
  return (
    <Card
      title={
        <Space>
          转存进度
          {t && <TransferStatusTag status={t.status} />}
          {t && (
            <Typography.Text type="secondary">
              保存到「{t.dirName || '已删除的目录'}」 · {t.createTime}
            </Typography.Text>
          )}
        </Space>
      }
      extra={close}
      loading={detail.isLoading}
    >
      {t && (
        <Flex vertical gap={12}>
          <Flex align="center" gap={24} wrap>
            <Progress
              aria-label="转存进度"
              style={{ flex: '1 1 320px', margin: 0 }}
              percent={percentOf(t)}
              success={{ percent: t.total ? Math.floor((t.okCount * 100) / t.total) : 0 }}
              status={t.status === 2 ? (t.failCount ? 'normal' : 'success') : 'active'}
              strokeColor={t.failCount ? FAIL_COLOR : undefined}
            />
            <Typography.Text strong data-testid="transfer-counts">
              {countsText(t)}
            </Typography.Text>
            <Can menu="BatchTransferTool" op="edit">
              <DebouncedButton icon={<RedoOutlined />} disabled={t.status !== 2 || t.failCount === 0} onClick={retry}>
                重试失败项
              </DebouncedButton>
            </Can>
          </Flex>
          <Segmented
            aria-label="结果筛选"
            options={FILTERS}
            value={filter}
            onChange={(v) => {
              setFilter(Number(v));
              setPage((p) => ({ ...p, page_index: 1 }));
            }}
          />
          <div role="region" aria-label="转存结果">
            <Table<TransferItem>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={items.data?.rows ?? []}
              loading={items.isLoading}
              pagination={false}
              locale={{ emptyText: items.isLoading ? '加载中…' : filter === -1 ? '没有图片地址' : '没有符合条件的图片' }}
            />
          </div>
          <Pager
            total={items.data?.total_count ?? 0}
            pageIndex={page.page_index}
            pageSize={page.page_size}
            pageSizeOptions={PAGE_SIZES}
            onChange={(page_index, page_size) => setPage({ page_index, page_size })}
          />
        </Flex>
      )}
    </Card>
  );
}
