import { TRANSFER_STATUS_LABELS, type TransferTask } from '@contract/index';
import { Tag } from 'antd';

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success' };
/** The bar: green for the saved part, red for the failed part (antd's success overlay on the done part). */
export const FAIL_COLOR = '#ff7875';

export const percentOf = (t: Pick<TransferTask, 'doneCount' | 'total'>) => (t.total ? Math.floor((t.doneCount * 100) / t.total) : 0);

/** 成功 N / 失败 M / 共 T */
export const countsText = (t: Pick<TransferTask, 'okCount' | 'failCount' | 'total'>) =>
  `成功 ${t.okCount} / 失败 ${t.failCount} / 共 ${t.total}`;

export function TransferStatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]}>{TRANSFER_STATUS_LABELS[status] ?? status}</Tag>;
}
