import { PlusOutlined } from '@ant-design/icons';
import { RETURN_ADDRESS_MAX } from '@contract/index';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useListState } from '@/shared';
import { useDeleteReturnAddress, useReturnAddressList, useSetDefaultReturnAddress } from '../shop.queries';
import { type AddressRow, addressColumns } from './return-address-columns';
import { type AddressEditing, ReturnAddressModal } from './return-address-modal';

const NO_FILTERS = {};

/** 退货地址: where customers send returns; exactly one is the default (the first one added, until another is chosen). */
export default function ReturnAddressPage() {
  const { message } = App.useApp();
  const can = useCan();
  const canEdit = can('editreaddress', 'edit');
  const canDelete = can('editreaddress', 'delete');
  const list = useListState(NO_FILTERS);
  const q = useReturnAddressList(list.query);
  const setDefault = useSetDefaultReturnAddress();
  const deleteAddress = useDeleteReturnAddress();
  const [editing, setEditing] = useState<AddressEditing | null>(null);
  const total = q.data?.total_count ?? 0;
  const { keyword } = list.state;

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
    } catch {
      // the reason is shown
    }
  };

  const columns = addressColumns({
    canEdit,
    canDelete,
    onEdit: (r) => setEditing(r),
    onDefault: (r: AddressRow) => act(() => setDefault.mutateAsync(r.id), '设置成功'),
    onDelete: (r: AddressRow) => act(() => deleteAddress.mutateAsync(r.id), '删除成功!'),
  });

  return (
    <Card title="退货地址">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="联系人 / 电话 / 地址" onSearch={(v) => list.search(v.keyword)} onReset={list.reset} />
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            style={{ marginBottom: 16 }}
            disabled={!keyword && total >= RETURN_ADDRESS_MAX}
            title={!keyword && total >= RETURN_ADDRESS_MAX ? `退货地址最多${RETURN_ADDRESS_MAX}个` : undefined}
            onClick={() => setEditing('new')}
          >
            新增退货地址
          </Button>
        )}
      </Space>
      <ListTable<AddressRow>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{ emptyText: q.isLoading ? '加载中…' : keyword ? '没有符合条件的退货地址' : '还没有退货地址，点击「新增退货地址」添加' }}
      />
      <ReturnAddressModal
        editing={editing}
        first={!keyword && total === 0}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
    </Card>
  );
}
