import { EditOutlined } from '@ant-design/icons';
import { App, Button, Popover, Skeleton, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { AmountInput, DigitsInput } from '@/shared';
import { useEditPrice, useEditStock, useGoodsDetail } from '../goods.queries';
import { skuLabel } from '../goods-edit/sku-matrix';

type Mode = 'price' | 'stock';

interface Props {
  goodsId: string;
  mode: Mode;
}

const TITLE: Record<Mode, string> = { price: '改价', stock: '改库存' };

/** The 改价 / 改库存 popover of a list row: one input per SKU (editprice / BatchEditGoodsStock). */
export function SkuQuickEdit({ goodsId, mode }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={TITLE[mode]}
      content={open ? <Editor goodsId={goodsId} mode={mode} onDone={() => setOpen(false)} /> : null}
    >
      <Button type="link" size="small" icon={<EditOutlined />} aria-label={TITLE[mode]} />
    </Popover>
  );
}

function Editor({ goodsId, mode, onDone }: { goodsId: string; mode: Mode; onDone: () => void }) {
  const { message } = App.useApp();
  const detail = useGoodsDetail(goodsId);
  const [values, setValues] = useState<Record<string, string>>({});
  const editPrice = useEditPrice();
  const editStock = useEditStock();

  useEffect(() => {
    const d = detail.data;
    if (d) setValues(Object.fromEntries(d.skus.map((s) => [s.skuId, String(mode === 'price' ? s.price : s.stock)])));
  }, [detail.data, mode]);

  if (!detail.data) return <Skeleton active paragraph={{ rows: 2 }} style={{ width: 260 }} />;
  const d = detail.data;

  const save = async () => {
    const blank = d.skus.find((s) => (values[s.skuId] ?? '') === '');
    if (blank) return message.error(mode === 'price' ? '请输入价格' : '请输入库存');
    try {
      if (mode === 'price') {
        await editPrice.mutateAsync({ id: goodsId, skus: d.skus.map((s) => ({ skuId: s.skuId, price: Number(values[s.skuId]) })) });
        message.success('改价成功');
      } else {
        await editStock.mutateAsync(d.skus.map((s) => ({ skuId: s.skuId, stock: Number(values[s.skuId]) })));
        message.success('库存修改成功');
      }
      onDone();
    } catch {
      // the reason is shown
    }
  };

  const Field = mode === 'price' ? AmountInput : DigitsInput;
  return (
    <Space direction="vertical" style={{ width: 300 }}>
      <Table
        size="small"
        rowKey="skuId"
        pagination={false}
        scroll={{ y: 260 }}
        dataSource={d.skus}
        columns={[
          { title: '规格', key: 'spec', render: (_, s) => skuLabel(d.specs, s.specValues) || '默认' },
          {
            title: mode === 'price' ? '价格（元）' : '库存',
            key: 'v',
            width: 130,
            render: (_, s) => (
              <Field
                size="small"
                aria-label={`${skuLabel(d.specs, s.specValues) || '默认'}${mode === 'price' ? '价格' : '库存'}`}
                value={values[s.skuId] ?? ''}
                onChange={(v) => setValues((x) => ({ ...x, [s.skuId]: v }))}
              />
            ),
          },
        ]}
      />
      <Button type="primary" size="small" block loading={editPrice.isPending || editStock.isPending} onClick={save}>
        保存
      </Button>
    </Space>
  );
}
