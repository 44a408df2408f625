import { GOODS_TITLE_MAX } from '@contract/index';
import { Card, Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { MediaPicker } from '@/shared/media-picker';
import { useCategoryOptions } from '../cate-list/categories.queries';
import { useNextGoodsNo } from '../goods.queries';
import { useUnitOptions } from '../unit-list/units.queries';
import { RichTextField } from './rich-text';

interface Props {
  title: string;
  canEdit: boolean;
  /** A new goods: the number it will likely get is shown. */
  isNew: boolean;
}

/** The goods' basic fields: type, title, number, category, unit, selling point, images and the rich-text detail. */
export function GoodsBasicCard({ title, canEdit, isNew }: Props) {
  const categories = useCategoryOptions();
  const units = useUnitOptions();
  const nextNo = useNextGoodsNo(isNew && canEdit);
  return (
    <Card title={title} style={{ marginBottom: 16 }}>
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
  );
}
