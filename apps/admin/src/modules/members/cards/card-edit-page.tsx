import { App, Button, Card, Col, Form, Row, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ExceptionPage } from '@/shared';
import { fieldErrorsOf } from '@/shared/field-errors';
import { CardBasicFields } from './card-basic-fields';
import { cardBodyOf, DEFAULTS, FIELD_OF, type CardValues as Values, cardValuesOf, lookOf } from './card-form';
import { CardLookFields } from './card-look-fields';
import { CardPreviewPanel } from './card-preview';
import { CardRightsFields } from './card-rights-fields';
import { rightsFromForm } from './cards-format';
import { useCardDetail, useSaveCard } from './cards.queries';

/** 新建 / 编辑权益卡 (/addrights, ?id= to edit), with the card's live preview. */
export default function CardEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const loaded = useCardDetail(id);
  const saveCard = useSaveCard();
  const canEdit = useCan()('equityCard', 'edit');
  const watched = Form.useWatch([], form) as Values | undefined;
  const v = { ...DEFAULTS, ...watched } as Values;

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue(cardValuesOf(d));
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id && loaded.error) return <ExceptionPage status={404} onHome={() => navigate('/equityCard')} />;

  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/equityCard'));

  const save = async (x: Values) => {
    try {
      await saveCard.mutateAsync(cardBodyOf(x, id));
      message.success('保存成功');
      navigate('/equityCard');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const onForm = fieldErrorsOf(e).filter((x) => FIELD_OF[x.field]);
      if (onForm.length) form.setFields(onForm.map((x) => ({ name: FIELD_OF[x.field], errors: [x.msg] })));
      message.error(e.message);
    }
  };

  return (
    <Form<Values>
      form={form}
      labelCol={{ flex: '110px' }}
      onFinish={save}
      disabled={!canEdit}
      initialValues={DEFAULTS}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
    >
      <Card title={!canEdit ? '查看权益卡' : id ? '编辑权益卡' : '新建权益卡'} style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col flex="auto">
            <CardBasicFields needpay={v.needpay} validKind={v.validKind} />
          </Col>
          <Col flex="360px">
            <CardPreviewPanel
              name={v.name}
              look={lookOf(v)}
              rights={rightsFromForm(v)}
              validDays={v.validKind === 0 ? 0 : (v.validDays ?? 0)}
              price={Number(v.price) || 0}
              needpay={v.needpay}
            />
          </Col>
        </Row>
      </Card>

      <CardRightsFields />
      <CardLookFields canEdit={canEdit} />
      <Card>
        <Space>
          {canEdit && (
            <DebouncedButton type="primary" htmlType="submit" loading={saveCard.isPending}>
              保存
            </DebouncedButton>
          )}
          <Button disabled={false} onClick={back}>
            {canEdit ? '取消' : '返回'}
          </Button>
        </Space>
      </Card>
    </Form>
  );
}
