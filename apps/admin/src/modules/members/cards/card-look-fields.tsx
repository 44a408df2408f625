import { VIP_CARD_NOTICE_MAX } from '@contract/index';
import { Card, Form, Input, Radio } from 'antd';
import { HexColorInput } from '@/modules/members/shared/hex-color-input';
import { MediaPicker } from '@/shared/media-picker';
import { COLORS } from './card-form';

/** 卡面与说明: the card's colours and image, its notice and its status. */
export function CardLookFields({ canEdit }: { canEdit: boolean }) {
  return (
    <Card title="卡面与说明" style={{ marginBottom: 16 }}>
      <Form.Item name="bgColor" label="背景颜色">
        <HexColorInput presets={[{ label: '推荐', colors: COLORS }]} showText />
      </Form.Item>
      <Form.Item name="bgImage" label="背景图片" extra="可选，建议 600×350；设置后覆盖背景颜色">
        <MediaPicker kind="image" disabled={!canEdit} />
      </Form.Item>
      <Form.Item name="textColor" label="文字颜色">
        <HexColorInput presets={[{ label: '推荐', colors: ['#ffffff', '#1f1f1f', '#f5d08a'] }]} showText />
      </Form.Item>
      <Form.Item
        name="notice"
        label="使用须知"
        rules={[{ max: VIP_CARD_NOTICE_MAX, message: `使用须知不能超过${VIP_CARD_NOTICE_MAX}个字` }]}
      >
        <Input.TextArea rows={4} maxLength={VIP_CARD_NOTICE_MAX} showCount placeholder="如：本卡仅限本人使用，不可转让" />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Radio.Group
          options={[
            { value: 1, label: '启用' },
            { value: 0, label: '停用' },
          ]}
        />
      </Form.Item>
    </Card>
  );
}
