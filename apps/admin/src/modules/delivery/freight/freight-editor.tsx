import { FREIGHT_NAME_MAX } from '@contract/index';
import { App, Button, Card, Drawer, Form, Input, Radio, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '@/modules/shop/form-errors';
import { useSaveTemplate } from '../delivery.queries';
import { AreaMultiPicker } from './area-multi-picker';
import { FreeRulesField } from './free-rules-field';
import { bodyOf, conflictsOf, NEW_TEMPLATE, type TemplateRow, type TemplateValues, valuesOf } from './freight-form';
import { RuleFields } from './rule-fields';

interface Props {
  /** 'new', a template to edit, or null (closed). */
  editing: 'new' | TemplateRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新建 / 编辑运费模板: charge by piece or weight, default and regional rules, areas not delivered, free shipping. */
export function FreightEditor({ editing, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateValues>();
  const saveTemplate = useSaveTemplate();
  const row = editing && editing !== 'new' ? editing : null;
  const chargeBy = Form.useWatch('chargeBy', form);
  const byWeight = chargeBy === 2;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(row ? valuesOf(row) : NEW_TEMPLATE);
  }, [editing, row, form]);

  const save = async (v: TemplateValues) => {
    const conflicts = conflictsOf(v);
    if (conflicts.length) {
      form.setFields(conflicts.map(([name, msg]) => ({ name: name as ['regions', number, 'areas'], errors: [msg] })));
      return;
    }
    try {
      await saveTemplate.mutateAsync(bodyOf(v, row?.id));
      message.success('保存成功');
      onSaved();
    } catch (e) {
      if (!showFieldErrors(form, e)) message.error((e as Error).message);
    }
  };

  return (
    <Drawer
      title={row ? '编辑运费模板' : '新建运费模板'}
      open={editing !== null}
      onClose={onClose}
      width={880}
      destroyOnHidden={false}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saveTemplate.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form<TemplateValues> form={form} layout="vertical" initialValues={NEW_TEMPLATE} onFinish={save}>
        <Form.Item name="name" label="模板名称" rules={[{ required: true, whitespace: true, message: '请输入模板名称' }]}>
          <Input maxLength={FREIGHT_NAME_MAX} showCount placeholder="如：全国包邮、按重量计费" />
        </Form.Item>
        <Form.Item name="chargeBy" label="计费方式" rules={[{ required: true, message: '请选择计费方式' }]}>
          <Radio.Group>
            <Radio value={1}>按件数</Radio>
            <Radio value={2}>按重量</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="默认运费" required extra="未指定区域的地区按默认运费计算">
          <RuleFields path={['rule']} byWeight={byWeight} />
        </Form.Item>
        <Form.List name="regions">
          {(fields, { add, remove }) => (
            <Form.Item label="指定区域运费" extra="地址在多条规则内时，按最具体的地区（市优先于省）计算">
              {fields.map((f, i) => (
                <Card
                  key={f.key}
                  size="small"
                  style={{ marginBottom: 8 }}
                  title={`区域 ${i + 1}`}
                  extra={
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  }
                >
                  <Form.Item name={[f.name, 'areas']} rules={[{ required: true, type: 'array', min: 1, message: '请选择配送区域' }]}>
                    <AreaMultiPicker placeholder="选择省 / 市" />
                  </Form.Item>
                  <RuleFields path={[f.name]} byWeight={byWeight} />
                </Card>
              ))}
              <Button onClick={() => add({ areas: [], first: 1, firstFee: '0', next: 1, nextFee: '0' })}>添加指定区域</Button>
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="noDelivery" label="不配送区域" extra="收货地址在这些地区时，使用本模板的商品不能下单">
          <AreaMultiPicker placeholder="选择不配送的省 / 市" />
        </Form.Item>
        <FreeRulesField byWeight={byWeight} />
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
