import { GOODS_TITLE_MAX, GOODS_WARRANTY_MAX, type GoodsDelivery } from '@contract/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { AmountInput, DebouncedButton, useUnsavedGuard } from '@/shared';
import { MediaPicker } from '@/shared/media-picker';
import { goodsItemKeys, useCategoryOptions, useGoodsDetail, useUnitOptions } from '../goods.queries';
import { savedGoodsPath } from '../save-result/saved-path';
import { LogisticsFields } from './logistics-fields';
import { ExtensionsField } from './property-keys';
import { RichTextField } from './rich-text';
import {
  combinations,
  emptySku,
  fillColumn,
  type SkuDraft,
  type SkuField,
  type SpecDraft,
  skuKey,
  specProblem,
  usableSpecs,
} from './sku-matrix';
import { SkuTable } from './sku-table';
import { SpecEditor } from './spec-editor';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  type: 1 | 2 | 3;
  title: string;
  goodsNo: string;
  categoryId?: string;
  unitId?: string;
  mainImage: string;
  images: string[];
  sellingPoint: string;
  description: string;
  status: 0 | 1 | 2;
  startSaleAt?: Dayjs | null;
  sort: number;
  purchaseLimit: number;
  postFee: string;
  delivery: GoodsDelivery[];
  postFeeMode: 1 | 2;
  freightTemplateId: string | null;
  warrantyDays: number;
  trackSerial: boolean;
  joinvip: boolean;
  showvipprice: boolean;
  havevipprice: boolean;
  extensions: { key?: string; value: string }[];
  price: string;
  stock: string;
}

const FORM_FIELDS = new Set([
  'title',
  'goodsNo',
  'categoryId',
  'unitId',
  'mainImage',
  'images',
  'sellingPoint',
  'description',
  'startSaleAt',
  'sort',
  'purchaseLimit',
  'postFee',
  'delivery',
  'postFeeMode',
  'freightTemplateId',
  'warrantyDays',
  'extensions',
]);
const toStr = (v: number) => String(v);

/** 发布商品 (/addgoods) and 编辑商品 (/editfrom?id=…): basic info, specs and the SKU table, sales settings. */
export default function GoodsEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const loaded = useGoodsDetail(id);
  const categories = useCategoryOptions();
  const units = useUnitOptions();
  // A role that may only view sees the goods read-only, without 保存 (the server refuses the save anyway).
  const canEdit = useCan()('Goodlist', 'edit');
  const nextNo = useQuery({
    queryKey: [...goodsItemKeys.all, 'nextno'],
    queryFn: () => api.goods.getnextgoodsno({}, { quiet: true }),
    enabled: !id && canEdit,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [specs, setSpecs] = useState<SpecDraft[]>([]);
  const [rows, setRows] = useState<Record<string, SkuDraft>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const status = Form.useWatch('status', form);
  const { release } = useUnsavedGuard(dirty && canEdit);

  const usable = useMemo(() => usableSpecs(specs), [specs]);
  const combos = useMemo(() => combinations(usable), [usable]);

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue({
      type: d.type as Values['type'],
      title: d.title,
      goodsNo: d.goodsNo,
      categoryId: d.categoryId ?? undefined,
      unitId: d.unitId ?? undefined,
      mainImage: d.mainImage,
      images: d.images,
      sellingPoint: d.sellingPoint,
      description: d.description,
      status: d.status as Values['status'],
      startSaleAt: d.startSaleAt ? dayjs(d.startSaleAt) : null,
      sort: d.sort,
      purchaseLimit: d.purchaseLimit,
      postFee: toStr(d.postFee),
      delivery: d.delivery as GoodsDelivery[],
      postFeeMode: d.postFeeMode as Values['postFeeMode'],
      freightTemplateId: d.freightTemplateId,
      warrantyDays: d.warrantyDays,
      trackSerial: d.trackSerial,
      joinvip: d.joinvip,
      showvipprice: d.showvipprice,
      havevipprice: d.havevipprice,
      extensions: d.extensions.map((e) => ({ key: e.key, value: e.value })),
    });
    setSpecs(d.specs);
    setRows(
      Object.fromEntries(
        d.skus.map((s) => [
          skuKey(s.specValues),
          {
            price: toStr(s.price),
            originalPrice: s.originalPrice ? toStr(s.originalPrice) : '',
            cost: s.cost ? toStr(s.cost) : '',
            stock: toStr(s.stock),
            weight: s.weight ? toStr(s.weight) : '',
            code: s.code,
            barcode: s.barcode,
          },
        ]),
      ),
    );
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;

  const setCell = (key: string, field: SkuField, value: string) => {
    setDirty(true);
    setRows((r) => ({ ...r, [key]: { ...(r[key] ?? emptySku()), [field]: value } }));
  };
  const editSpecs = (next: SpecDraft[]) => {
    setDirty(true);
    setSpecs(next);
  };
  const fill = (values: Partial<SkuDraft>) => {
    const keys = combos.map(skuKey);
    setDirty(true);
    setRows((r) => Object.entries(values).reduce((acc, [f, v]) => fillColumn(acc, keys, f as SkuField, v ?? ''), r));
  };

  const save = async (v: Values) => {
    const problem = specProblem(specs);
    if (problem) return message.error(problem);
    const keys = combos.map(skuKey);
    const skuRows = keys.map((k) => rows[k] ?? emptySku());
    if (skuRows.some((r) => r.price === '' || r.stock === '')) {
      setShowErrors(true);
      return message.error(usable.length ? '请填写每个规格的价格和库存' : '请输入价格和库存');
    }
    setSaving(true);
    try {
      const saved = await api.goods.save(
        {
          id: id ?? undefined,
          goodsNo: v.goodsNo ?? '',
          title: v.title,
          type: v.type,
          categoryId: v.categoryId ?? null,
          unitId: v.unitId ?? null,
          mainImage: v.mainImage ?? '',
          images: v.images ?? [],
          sellingPoint: v.sellingPoint ?? '',
          description: v.description ?? '',
          specs: usable,
          skus: combos.map((c, i) => {
            const r = skuRows[i];
            return {
              specValues: c,
              price: Number(r.price),
              originalPrice: Number(r.originalPrice || 0),
              cost: Number(r.cost || 0),
              stock: Number(r.stock),
              weight: Number(r.weight || 0),
              code: r.code,
              barcode: r.barcode,
            };
          }),
          status: v.status,
          startSaleAt: v.status === 2 && v.startSaleAt ? v.startSaleAt.format(FMT) : '',
          sort: v.sort ?? 0,
          purchaseLimit: v.purchaseLimit ?? 0,
          postFee: Number(v.postFee || 0),
          delivery: v.delivery ?? ['express'],
          postFeeMode: v.postFeeMode ?? 1,
          freightTemplateId: v.postFeeMode === 2 ? (v.freightTemplateId ?? null) : null,
          warrantyDays: v.warrantyDays ?? 0,
          trackSerial: Boolean(v.trackSerial),
          joinvip: Boolean(v.joinvip),
          showvipprice: Boolean(v.showvipprice),
          havevipprice: Boolean(v.havevipprice),
          extensions: (v.extensions ?? []).filter((e) => e.key).map((e) => ({ key: e.key as string, value: e.value.trim() })),
        },
        { silent: true },
      );
      message.success('保存成功');
      await qc.invalidateQueries({ queryKey: goodsItemKeys.all });
      release();
      navigate(savedGoodsPath(saved.id, !id));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => FORM_FIELDS.has(x.field));
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      onFinish={save}
      onValuesChange={() => setDirty(true)}
      disabled={!canEdit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      initialValues={{
        type: 1,
        status: 1,
        sort: 0,
        purchaseLimit: 0,
        postFee: '0',
        delivery: ['express'],
        postFeeMode: 1,
        freightTemplateId: null,
        warrantyDays: 0,
        trackSerial: false,
        joinvip: false,
        showvipprice: false,
        havevipprice: false,
        extensions: [],
        images: [],
        mainImage: '',
        sellingPoint: '',
        description: '',
      }}
    >
      <Card title={!canEdit ? '查看商品' : id ? '编辑商品' : '发布商品'} style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col span={14}>
            <Form.Item name="type" label="商品类型">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 1, label: '实物商品' },
                  { value: 2, label: '虚拟商品' },
                  { value: 3, label: '服务商品' },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="title"
              label="商品名称"
              rules={[
                { required: true, whitespace: true, message: '请输入商品名称' },
                { max: GOODS_TITLE_MAX, message: `商品名称不能超过${GOODS_TITLE_MAX}个字` },
              ]}
            >
              <Input maxLength={GOODS_TITLE_MAX} showCount placeholder="请输入商品名称" />
            </Form.Item>
            <Form.Item name="goodsNo" label="商品编号" rules={[{ max: 32, message: '商品编号不能超过32个字' }]}>
              {/* The number is taken when the goods is saved: the preview only says which one it will likely be. */}
              <Input maxLength={32} placeholder={nextNo.data ? `留空自动生成（预计 ${nextNo.data.goodsNo}）` : '留空自动生成'} />
            </Form.Item>
            <Form.Item name="categoryId" label="商品分类">
              <TreeSelect allowClear treeDefaultExpandAll placeholder="请选择商品分类" treeData={categories.data ?? []} />
            </Form.Item>
            <Form.Item name="unitId" label="商品单位">
              <Select allowClear placeholder="请选择商品单位" options={(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))} />
            </Form.Item>
            <Form.Item name="sellingPoint" label="商品卖点" rules={[{ max: 60, message: '卖点不能超过60个字' }]}>
              <Input maxLength={60} showCount placeholder="一句话介绍商品亮点" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="mainImage" label="商品主图">
              <MediaPicker kind="image" disabled={!canEdit} />
            </Form.Item>
            <Form.Item name="images" label="商品图片" extra="最多15张，展示在商品详情的轮播中">
              <MediaPicker kind="image" multiple max={15} disabled={!canEdit} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="商品详情" extra="图文详情；保存时会过滤脚本等不安全内容">
          <RichTextField />
        </Form.Item>
      </Card>

      <Card title="规格与库存" style={{ marginBottom: 16 }}>
        <SpecEditor specs={specs} onChange={editSpecs} />
        <div style={{ marginTop: 16 }}>
          {usable.length > 0 ? (
            <SkuTable specs={usable} combos={combos} rows={rows} onChange={setCell} onFill={fill} showErrors={showErrors} />
          ) : (
            <Space size={24} wrap>
              <Form.Item label="价格（元）" required style={{ marginBottom: 0 }}>
                <AmountInput
                  aria-label="价格"
                  style={{ width: 140 }}
                  status={showErrors && !rows['']?.price ? 'error' : undefined}
                  value={rows['']?.price ?? ''}
                  onChange={(v) => setCell('', 'price', v)}
                />
              </Form.Item>
              <Form.Item label="划线价（元）" style={{ marginBottom: 0 }}>
                <AmountInput
                  aria-label="划线价"
                  style={{ width: 140 }}
                  value={rows['']?.originalPrice ?? ''}
                  onChange={(v) => setCell('', 'originalPrice', v)}
                />
              </Form.Item>
              <Form.Item label="库存" required style={{ marginBottom: 0 }}>
                <AmountInput
                  aria-label="库存"
                  style={{ width: 140 }}
                  status={showErrors && !rows['']?.stock ? 'error' : undefined}
                  value={rows['']?.stock ?? ''}
                  onChange={(v) => setCell('', 'stock', v.replace(/\D/g, ''))}
                />
              </Form.Item>
            </Space>
          )}
        </div>
      </Card>

      <Card title="销售设置" style={{ marginBottom: 16 }}>
        <Form.Item name="status" label="上架设置">
          <Radio.Group
            options={[
              { value: 1, label: '立即上架' },
              { value: 0, label: '放入仓库' },
              { value: 2, label: '定时开售' },
            ]}
          />
        </Form.Item>
        {status === 2 && (
          <Form.Item name="startSaleAt" label="开售时间" rules={[{ required: true, message: '请选择开售时间' }]}>
            <DatePicker showTime format={FMT} />
          </Form.Item>
        )}
        <Form.Item
          name="sort"
          label="排序"
          extra="数字越小越靠前"
          rules={[{ type: 'integer', min: 0, max: 999999, message: '排序值须为0到999999的整数' }]}
        >
          <InputNumber min={0} max={999999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="purchaseLimit" label="每人限购" extra="0 为不限">
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Card>

      <Card title="物流与售后" style={{ marginBottom: 16 }}>
        <LogisticsFields />
        <Form.Item
          name="warrantyDays"
          label="保修期"
          extra="0 为不保修"
          rules={[{ type: 'integer', min: 0, max: GOODS_WARRANTY_MAX, message: `保修天数须为0到${GOODS_WARRANTY_MAX}的整数` }]}
        >
          <InputNumber aria-label="保修天数" min={0} max={GOODS_WARRANTY_MAX} precision={0} addonAfter="天" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="trackSerial"
          label="序列号管理"
          valuePropName="checked"
          extra="开启后，售出的每件商品按序列号登记（随商品订单上线）"
        >
          <Switch aria-label="序列号管理" />
        </Form.Item>
      </Card>

      <Card title="会员价" style={{ marginBottom: 16 }}>
        <Space size={32} wrap>
          <Form.Item name="joinvip" label="参与会员折扣" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Switch aria-label="参与会员折扣" />
          </Form.Item>
          <Form.Item name="showvipprice" label="显示会员价" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Switch aria-label="显示会员价" />
          </Form.Item>
          <Form.Item name="havevipprice" label="有会员价" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Switch aria-label="有会员价" />
          </Form.Item>
        </Space>
      </Card>

      <Card title="扩展属性" style={{ marginBottom: 16 }}>
        <ExtensionsField />
      </Card>

      <Card>
        <Space>
          {canEdit && (
            <DebouncedButton type="primary" htmlType="submit" loading={saving}>
              保存
            </DebouncedButton>
          )}
          <Button disabled={false} onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/Goodlist'))}>
            {canEdit ? '取消' : '返回'}
          </Button>
        </Space>
      </Card>
    </Form>
  );
}
