import {
  HOME_CART_BUTTON_LABELS,
  HOME_CART_BUTTONS,
  HOME_LIST_STYLE_LABELS,
  HOME_LIST_STYLES,
  HOME_SOLD_OUT,
  HOME_SOLD_OUT_LABELS,
  type HomeSet,
} from '@contract/index';
import { Card, Col, Form, Input, Radio, Row, Skeleton, Switch } from 'antd';
import { useCan } from '@/hooks/use-can';
import { SaveBar } from '../save-bar';
import { useSettingsForm } from '../use-settings-form';
import { useHomeSet, useSaveHomeSet } from '../shop.queries';
import { HomePreview } from './home-preview';

const radios = <K extends string>(keys: readonly K[], labels: Record<K, string>) => keys.map((k) => ({ value: k, label: labels[k] }));

/** 首页设置: what the customer-facing home page and goods lists show, with a phone preview beside the form. */
export default function HomeSetPage() {
  const q = useHomeSet();
  const canEdit = useCan()('qiantaiset', 'edit');
  const saveHome = useSaveHomeSet();
  const { form, saving, onFinish: save } = useSettingsForm<HomeSet, HomeSet>(q, saveHome);
  const values = Form.useWatch([], form) as HomeSet | undefined;

  if (q.isLoading) return <Skeleton active />;

  return (
    <Card title="首页设置">
      <Row gutter={24}>
        <Col flex="auto">
          <Form<HomeSet>
            form={form}
            labelCol={{ span: 6 }}
            wrapperCol={{ span: 16 }}
            onFinish={save}
            disabled={!canEdit}
            scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
          >
            <Form.Item name="title" label="首页标题" extra="不填则显示店铺名称" rules={[{ max: 20, message: '首页标题不能超过20个字' }]}>
              <Input maxLength={20} showCount placeholder="如：欢迎光临" />
            </Form.Item>
            <Form.Item name="listStyle" label="商品列表样式">
              <Radio.Group optionType="button" options={radios(HOME_LIST_STYLES, HOME_LIST_STYLE_LABELS)} />
            </Form.Item>
            <Form.Item name="cartButton" label="购物车按钮样式">
              <Radio.Group options={radios(HOME_CART_BUTTONS, HOME_CART_BUTTON_LABELS)} />
            </Form.Item>
            <Form.Item name="soldOut" label="售罄商品显示">
              <Radio.Group options={radios(HOME_SOLD_OUT, HOME_SOLD_OUT_LABELS)} />
            </Form.Item>
            <Form.Item name="showSales" label="显示商品销量" valuePropName="checked">
              <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
            </Form.Item>
            <Form.Item name="showStock" label="显示库存" valuePropName="checked">
              <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
            </Form.Item>
            <Form.Item name="showMemberPrice" label="显示会员价" valuePropName="checked" extra="会员看到自己等级的价格">
              <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
            </Form.Item>
            <Form.Item name="showOriginalPrice" label="显示划线价" valuePropName="checked">
              <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
            </Form.Item>
            <SaveBar saving={saving} canEdit={canEdit} offset={6} />
          </Form>
        </Col>
        <Col flex="300px">{values && <HomePreview set={{ ...q.data, ...values } as HomeSet} />}</Col>
      </Row>
    </Card>
  );
}
