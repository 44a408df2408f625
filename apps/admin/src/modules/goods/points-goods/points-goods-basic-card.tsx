import { POINTS_GOODS_TITLE_MAX, POINTS_MAX } from '@contract/index';
import { Card, Col, Form, Input, InputNumber, Radio, Row, Space } from 'antd';
import { AmountInput } from '@/shared';
import { MediaPicker } from '@/shared/media-picker';
import { GoodsLinkSelect } from './goods-link-select';
import { money } from './points-goods-form';

interface Props {
  title: string;
  canEdit: boolean;
  /** The linked catalogue goods' title, shown before the options load. */
  goodsTitle?: string;
}

/** The points goods' basic fields: kind, title, linked goods, price in points (+ cash), market price, images, detail. */
export function PointsGoodsBasicCard({ title, canEdit, goodsTitle }: Props) {
  return (
    <Card title={title} style={{ marginBottom: 16 }}>
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
            <GoodsLinkSelect initialTitle={goodsTitle} />
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
  );
}
