import { POINTS_GOODS_TITLE_MAX, POINTS_MAX } from '@contract/index';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { AmountInput, DebouncedButton, ExceptionPage } from '@/shared';
import { MediaPicker } from '@/shared/media-picker';
import { GoodsLinkSelect } from './goods-link-select';
import { pointsGoodsKeys, usePointsGoodsDetail } from './points-goods.queries';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  title: string;
  kind: 1 | 2;
  goodsId: string | null;
  mainImage: string;
  images: string[];
  description: string;
  points: number | null;
  cash: string;
  marketPrice: string;
  stock: number | null;
  perMemberLimit: number | null;
  window?: [Dayjs | null, Dayjs | null];
  status: 0 | 1;
  sort: number | null;
}

/** Server field names and the form item that shows their message. */
const FIELD_OF: Record<string, keyof Values> = {
  title: 'title',
  kind: 'kind',
  goodsId: 'goodsId',
  mainImage: 'mainImage',
  images: 'images',
  description: 'description',
  points: 'points',
  cash: 'cash',
  marketPrice: 'marketPrice',
  stock: 'stock',
  perMemberLimit: 'perMemberLimit',
  startTime: 'window',
  endTime: 'window',
  status: 'status',
  sort: 'sort',
};

const money = (label: string) => ({
  validator: (_: unknown, v: string) => {
    if (v === undefined || v === '') return Promise.resolve();
    return Number(v) > 9_999_999 ? Promise.reject(new Error(`${label}不能超过9999999`)) : Promise.resolve();
  },
});

/** 添加 / 编辑积分商品 (/AGoodEdit, ?id= to edit). */
export default function PointsGoodsEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const loaded = usePointsGoodsDetail(id);
  const [saving, setSaving] = useState(false);
  // A role that may only view sees the item read-only, without 保存 (the server refuses the save anyway).
  const canEdit = useCan()('AGood', 'edit');

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue({
      title: d.title,
      kind: d.kind as Values['kind'],
      goodsId: d.goodsId,
      mainImage: d.mainImage,
      images: d.images,
      description: d.description,
      points: d.points,
      cash: d.cash ? String(d.cash) : '',
      marketPrice: d.marketPrice ? String(d.marketPrice) : '',
      stock: d.stock,
      perMemberLimit: d.perMemberLimit,
      window: d.startTime || d.endTime ? [d.startTime ? dayjs(d.startTime) : null, d.endTime ? dayjs(d.endTime) : null] : undefined,
      status: d.status as Values['status'],
      sort: d.sort,
    });
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id && loaded.error) return <ExceptionPage status={404} onHome={() => navigate('/AGood')} />;

  const save = async (v: Values) => {
    setSaving(true);
    try {
      await api.pointsGoods.save(
        {
          id: id ?? undefined,
          title: v.title,
          kind: v.kind,
          goodsId: v.goodsId ?? null,
          mainImage: v.mainImage ?? '',
          images: v.images ?? [],
          description: v.description ?? '',
          points: v.points ?? 0,
          cash: Number(v.cash || 0),
          marketPrice: Number(v.marketPrice || 0),
          stock: v.stock ?? 0,
          perMemberLimit: v.perMemberLimit ?? 0,
          startTime: v.window?.[0]?.format(FMT) ?? '',
          endTime: v.window?.[1]?.format(FMT) ?? '',
          status: v.status,
          sort: v.sort ?? 0,
        },
        { silent: true },
      );
      message.success('保存成功');
      await qc.invalidateQueries({ queryKey: pointsGoodsKeys.all });
      navigate('/AGood');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => FIELD_OF[x.field]);
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: FIELD_OF[x.field], errors: [x.msg] })));
      message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      labelCol={{ flex: '110px' }}
      onFinish={save}
      disabled={!canEdit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      initialValues={{
        kind: 1,
        status: 1,
        sort: 0,
        perMemberLimit: 0,
        images: [],
        mainImage: '',
        description: '',
        cash: '',
        marketPrice: '',
      }}
    >
      <Card title={!canEdit ? '查看积分商品' : id ? '编辑积分商品' : '添加积分商品'} style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col span={14}>
            <Form.Item name="kind" label="商品类型">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 1, label: '实物商品' },
                  { value: 2, label: '虚拟商品' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="title"
              label="商品名称"
              rules={[
                { required: true, whitespace: true, message: '请输入商品名称' },
                { max: POINTS_GOODS_TITLE_MAX, message: `商品名称不能超过${POINTS_GOODS_TITLE_MAX}个字` },
              ]}
            >
              <Input maxLength={POINTS_GOODS_TITLE_MAX} showCount placeholder="请输入商品名称" />
            </Form.Item>
            <Form.Item name="goodsId" label="关联商品" extra="可选：兑换的是店内哪个商品，便于发货和对账">
              <GoodsLinkSelect initialTitle={loaded.data?.goodsTitle} />
            </Form.Item>
            <Form.Item label="兑换价" required style={{ marginBottom: 0 }}>
              <Space align="start" wrap>
                <Form.Item
                  name="points"
                  rules={[
                    { required: true, message: '请输入兑换积分' },
                    { type: 'integer', min: 1, max: POINTS_MAX, message: '兑换积分须为大于0的整数' },
                  ]}
                >
                  <InputNumber aria-label="兑换积分" min={1} max={POINTS_MAX} precision={0} addonAfter="积分" style={{ width: 180 }} />
                </Form.Item>
                <span style={{ lineHeight: '32px' }}>+</span>
                <Form.Item name="cash" rules={[money('现金')]} extra="不填为纯积分兑换">
                  <AmountInput aria-label="现金" addonAfter="元" placeholder="0.00" style={{ width: 160 }} />
                </Form.Item>
              </Space>
            </Form.Item>
            <Form.Item name="marketPrice" label="市场价" rules={[money('市场价')]} extra="展示为划线价">
              <AmountInput aria-label="市场价" addonAfter="元" placeholder="0.00" style={{ width: 180 }} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="mainImage" label="商品主图">
              <MediaPicker kind="image" disabled={!canEdit} />
            </Form.Item>
            <Form.Item name="images" label="商品图片" extra="最多15张">
              <MediaPicker kind="image" multiple max={15} disabled={!canEdit} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="商品详情" extra="可填写文字或 HTML，保存时会过滤脚本等不安全内容">
          <Input.TextArea rows={5} placeholder="商品详情" />
        </Form.Item>
      </Card>

      <Card title="兑换设置" style={{ marginBottom: 16 }}>
        <Form.Item
          name="stock"
          label="库存"
          rules={[
            { required: true, message: '请输入库存' },
            { type: 'integer', min: 0, max: 99999999, message: '库存须为不小于0的整数' },
          ]}
        >
          <InputNumber aria-label="库存" min={0} max={99999999} precision={0} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="perMemberLimit"
          label="每人限兑"
          extra="0 为不限"
          rules={[{ type: 'integer', min: 0, max: 99999, message: '每人限兑须为0到99999的整数' }]}
        >
          <InputNumber aria-label="每人限兑" min={0} max={99999} precision={0} addonAfter="件" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="window"
          label="兑换时间"
          extra="不填为不限；可只填开始或结束"
          rules={[
            {
              validator: (_, w: Values['window']) =>
                w?.[0] && w?.[1] && !w[0].isBefore(w[1]) ? Promise.reject(new Error('兑换结束时间须晚于开始时间')) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker showTime format={FMT} allowEmpty={[true, true]} placeholder={['开始时间', '结束时间']} />
        </Form.Item>
        <Form.Item name="status" label="上架设置">
          <Radio.Group
            options={[
              { value: 1, label: '立即上架' },
              { value: 0, label: '暂不上架' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="sort"
          label="排序"
          extra="数字越小越靠前"
          rules={[{ type: 'integer', min: 0, max: 999999, message: '排序值须为0到999999的整数' }]}
        >
          <InputNumber aria-label="排序" min={0} max={999999} precision={0} style={{ width: 180 }} />
        </Form.Item>
      </Card>

      <Card>
        <Space>
          {canEdit && (
            <DebouncedButton type="primary" htmlType="submit" loading={saving}>
              保存
            </DebouncedButton>
          )}
          <Button disabled={false} onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/AGood'))}>
            {canEdit ? '取消' : '返回'}
          </Button>
        </Space>
      </Card>
    </Form>
  );
}
