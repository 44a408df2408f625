import { CloseOutlined, RedoOutlined } from '@ant-design/icons';
import type { TransferItem } from '@contract/index';
import { Alert, App, Button, Card, Flex, Progress, Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Can, DebouncedButton, Pager } from '@/shared';
import { transferItemColumns } from './transfer-item-columns';
import { countsText, FAIL_COLOR, percentOf, TransferStatusTag } from './transfer-status';
import { useRetryTransfer, useTransferDetail, useTransferItems } from './transfer.queries';

const FILTERS = [
  { value: -1, label: '全部' },
  { value: 1, label: '成功' },
  { value: 2, label: '失败' },
  { value: 0, label: '等待中' },
];
const PAGE_SIZES = [10, 20, 50, 100];
/** One task: its progress (live through the hub, polled as a fallback) and the result of every address. */
export function TaskProgress({ id, onClose }: { id: string; onClose: () => void }) {
  const { message } = App.useApp();
  const retryTransfer = useRetryTransfer();
  const detail = useTransferDetail(id);
  const [filter, setFilter] = useState(-1);
  const [page, setPage] = useState({ page_index: 1, page_size: 10 });
  const t = detail.data;
  const items = useTransferItems({ id, status: filter, ...page }, !!t && t.status !== 2);

  const retry = async () => {
    try {
      message.success(await retryTransfer.mutateAsync(id));
      setFilter(-1);
      setPage((p) => ({ ...p, page_index: 1 }));
    } catch {
      // the reason is shown
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
              columns={transferItemColumns}
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
