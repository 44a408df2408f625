import { LIST_WINDOW } from '@contract/index';
import { Flex, Input, Pagination } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { toDigits } from '../number-input';
import { useMessage } from '../use-message';
import { clampPage, pageCountOf } from './clamp-page';

/** Page size of lists inside dialogs, drawers and tabs. */
export const DEFAULT_INNER_PAGE_SIZE = 10;
/** Page size of a page's main list. */
export const DEFAULT_WRAPPER_PAGE_SIZE = 20;
export const DEFAULT_PAGE_INDEX = 1;
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

export interface PagerProps {
  total: number;
  /** The total is the server's estimate (a very large list): shown as 约. */
  estimated?: boolean;
  /** 1-based. Leave out to let the pager keep its own page. */
  pageIndex?: number;
  /** Leave out to let the pager keep its own size, starting at defaultPageSize. */
  pageSize?: number;
  defaultPageSize?: number;
  pageSizeOptions?: number[];
  onChange?: (pageIndex: number, pageSize: number) => void;
}

export const totalText = (total: number, estimated = false) => (estimated ? `共有约 ${total} 条` : `共有 ${total} 条`);

export function Pager({
  total,
  estimated = false,
  pageIndex,
  pageSize,
  defaultPageSize = DEFAULT_INNER_PAGE_SIZE,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  onChange,
}: PagerProps) {
  const message = useMessage();
  const [ownIndex, setOwnIndex] = useState(DEFAULT_PAGE_INDEX);
  const [ownSize, setOwnSize] = useState(defaultPageSize);
  const [jumpText, setJumpText] = useState('');
  const current = pageIndex ?? ownIndex;
  const size = pageSize ?? ownSize;
  // Pages reach the first LIST_WINDOW rows of a list (the server refuses deeper ones: narrow the filter instead).
  const reachable = Math.min(total, LIST_WINDOW);

  const change = (nextIndex: number, nextSize: number) => {
    setOwnIndex(nextIndex);
    setOwnSize(nextSize);
    onChange?.(nextIndex, nextSize);
  };

  const jump = () => {
    if (jumpText === '') return;
    const typed = Number(jumpText);
    const { page, outOfRange } = clampPage(typed, pageCountOf(reachable, size));
    setJumpText('');
    if (outOfRange) message.warning(`对不起，您输的页码数${typed}超出了范围`);
    if (page !== current) change(page, size);
  };

  const onJumpKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') jump();
  };

  if (total <= size) return <Flex justify="flex-end">{totalText(total, estimated)}</Flex>;

  return (
    <Flex justify="flex-end" align="center" gap={8} wrap>
      <Pagination
        total={reachable}
        current={current}
        pageSize={size}
        pageSizeOptions={pageSizeOptions}
        showSizeChanger
        showTotal={() => totalText(total, estimated)}
        onChange={change}
      />
      <Flex align="center" gap={4}>
        跳至
        <Input
          aria-label="跳至页码"
          style={{ width: 56 }}
          value={jumpText}
          onChange={(event) => setJumpText(toDigits(event.target.value))}
          onKeyDown={onJumpKey}
          onBlur={jump}
        />
        页
      </Flex>
    </Flex>
  );
}
