import { App, Button, Card, Form, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, useUnsavedGuard } from '@/shared';
import { useGoodsDetail, useSaveGoods } from '../goods.queries';
import { savedGoodsPath } from '../save-result/saved-path';
import { GoodsBasicCard } from './goods-basic-card';
import { FORM_FIELDS, type GoodsValues, INITIAL_VALUES, saveBodyOf, skuRowsFor, skuRowsOf, valuesOf } from './goods-form';
import { GoodsSalesCards } from './goods-sales-cards';
import { GoodsStockCard } from './goods-stock-card';
import { specProblem } from './sku-matrix';
import { useSkuDrafts } from './use-sku-drafts';

/** 发布商品 (/addgoods) and 编辑商品 (/editfrom?id=…): basic info, specs and the SKU table, sales settings. */
export default function GoodsEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<GoodsValues>();
  const loaded = useGoodsDetail(id);
  const saveGoods = useSaveGoods();
  // A role that may only view sees the goods read-only, without 保存 (the server refuses the save anyway).
  const canEdit = useCan()('Goodlist', 'edit');
  const [showErrors, setShowErrors] = useState(false);
  const [dirty, setDirty] = useState(false);
  const drafts = useSkuDrafts(() => setDirty(true));
  const { load } = drafts;
  const { release } = useUnsavedGuard(dirty && canEdit);

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue(valuesOf(d));
    load(d.specs, skuRowsOf(d));
  }, [loaded.data, form, load]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;

  const save = async (v: GoodsValues) => {
    const problem = specProblem(drafts.specs);
    if (problem) return message.error(problem);
    const skuRows = skuRowsFor(drafts.combos, drafts.rows);
    if (skuRows.some((r) => r.price === '' || r.stock === '')) {
      setShowErrors(true);
      return message.error(drafts.usable.length ? '请填写每个规格的价格和库存' : '请输入价格和库存');
    }
    try {
      const saved = await saveGoods.mutateAsync(saveBodyOf(id, v, drafts.usable, drafts.combos, skuRows));
      message.success('保存成功');
      release();
      navigate(savedGoodsPath(saved.id, !id));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => FORM_FIELDS.has(x.field));
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: x.field as keyof GoodsValues, errors: [x.msg] })));
      message.error(e.message);
    }
  };

  return (
    <Form<GoodsValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      onFinish={save}
      onValuesChange={() => setDirty(true)}
      disabled={!canEdit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      initialValues={INITIAL_VALUES}
    >
      <GoodsBasicCard title={!canEdit ? '查看商品' : id ? '编辑商品' : '发布商品'} canEdit={canEdit} isNew={!id} />
      <GoodsStockCard drafts={drafts} showErrors={showErrors} />
      <GoodsSalesCards />
      <Card>
        <Space>
          {canEdit && (
            <DebouncedButton type="primary" htmlType="submit" loading={saveGoods.isPending}>
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
