import { App, Button, Card, Form, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ExceptionPage } from '@/shared';
import { PointsGoodsBasicCard } from './points-goods-basic-card';
import { PointsGoodsExchangeCard } from './points-goods-exchange-card';
import { FIELD_OF, INITIAL_VALUES, type PointsGoodsValues, saveBodyOf, valuesOf } from './points-goods-form';
import { usePointsGoodsDetail, useSavePointsGoods } from './points-goods.queries';

/** 添加 / 编辑积分商品 (/AGoodEdit, ?id= to edit). */
export default function PointsGoodsEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<PointsGoodsValues>();
  const loaded = usePointsGoodsDetail(id);
  const saveGoods = useSavePointsGoods();
  // A role that may only view sees the item read-only, without 保存 (the server refuses the save anyway).
  const canEdit = useCan()('AGood', 'edit');

  useEffect(() => {
    if (loaded.data) form.setFieldsValue(valuesOf(loaded.data));
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id && loaded.error) return <ExceptionPage status={404} onHome={() => navigate('/AGood')} />;

  const save = async (v: PointsGoodsValues) => {
    try {
      await saveGoods.mutateAsync(saveBodyOf(id, v));
      message.success('保存成功');
      navigate('/AGood');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      const onForm = errors.filter((x) => FIELD_OF[x.field]);
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: FIELD_OF[x.field], errors: [x.msg] })));
      message.error(e.message);
    }
  };

  return (
    <Form<PointsGoodsValues>
      form={form}
      labelCol={{ flex: '110px' }}
      onFinish={save}
      disabled={!canEdit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      initialValues={INITIAL_VALUES}
    >
      <PointsGoodsBasicCard
        title={!canEdit ? '查看积分商品' : id ? '编辑积分商品' : '添加积分商品'}
        canEdit={canEdit}
        goodsTitle={loaded.data?.goodsTitle}
      />
      <PointsGoodsExchangeCard />
      <Card>
        <Space>
          {canEdit && (
            <DebouncedButton type="primary" htmlType="submit" loading={saveGoods.isPending}>
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
