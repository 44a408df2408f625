import { VIP_CARD_HOLDER_STATE } from '@contract/index';
import { App, Button, Drawer, Select, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useListState } from '@/shared';
import { useCardHolders, useWithdrawCard } from './cards.queries';
import { GrantModal } from './grant-modal';
import { type HolderRow, holderColumns } from './holder-columns';

type HolderState = (typeof VIP_CARD_HOLDER_STATE)[number];
const STATE_LABELS: Record<HolderState, string> = { all: '全部状态', valid: '有效', expired: '已过期', withdrawn: '已收回' };

interface Props {
  card: { id: string; name: string; status: number } | null;
  onClose: () => void;
}

/** 领取记录: the holders of a card, with 发放 (by phone) and 收回. */
export function HoldersDrawer({ card, onClose }: Props) {
  const { message, modal } = App.useApp();
  const initial = useMemo(() => ({ state: 'all' as HolderState }), []);
  const list = useListState(initial);
  const q = useCardHolders({ ...list.query, id: card?.id ?? '' }, Boolean(card));
  const canEdit = useCan()('equityCard', 'edit');
  const [granting, setGranting] = useState(false);
  const withdrawCard = useWithdrawCard();
  const { reset } = list;

  // A new card opens on the first page with no filter.
  useEffect(() => {
    if (card) reset();
  }, [card, reset]);

  const onWithdraw = (r: HolderRow) =>
    modal.confirm({
      title: `收回 ${r.name || r.phone} 的权益卡？`,
      content: '收回后该会员不再享有此卡权益，且不能再自行领取。',
      okText: '收回',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await withdrawCard.mutateAsync(r.id);
          message.success('已收回');
        } catch {
          // the reason is shown
        }
      },
    });

  const columns = holderColumns({ sortOrderOf: list.sortOrderOf, canEdit, onWithdraw });

  return (
    <Drawer title={card ? `领取记录 · ${card.name}` : '领取记录'} width={1000} open={Boolean(card)} onClose={onClose} destroyOnHidden>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start" wrap>
        <ListSearch
          placeholder="手机号 / 姓名 / 卡号"
          initial={{ keyword: list.state.keyword }}
          onSearch={(v) => list.search(v.keyword)}
          onReset={list.reset}
        >
          <Select<HolderState>
            aria-label="状态"
            style={{ width: 120 }}
            value={list.state.filters.state}
            onChange={(state) => list.search(list.state.keyword, { state })}
            options={VIP_CARD_HOLDER_STATE.map((k) => ({ value: k, label: STATE_LABELS[k] }))}
          />
        </ListSearch>
        {canEdit && (
          <Button
            type="primary"
            disabled={card?.status !== 1}
            title={card?.status !== 1 ? '已停用的权益卡不能发放' : undefined}
            onClick={() => setGranting(true)}
          >
            发放权益卡
          </Button>
        )}
      </Space>
      <ListTable<HolderRow>
        list={list}
        result={q}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
        locale={{ emptyText: q.isLoading ? '加载中…' : '暂无会员领取' }}
      />
      {card && <GrantModal open={granting} cardId={card.id} onClose={() => setGranting(false)} onDone={() => setGranting(false)} />}
    </Drawer>
  );
}
