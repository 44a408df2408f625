import { SEX_TEXT } from '@contract/index';
import { DatePicker, Form, Input, Radio } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

const SEX_OPTIONS = [0, 1, 2].map((value) => ({ value, label: SEX_TEXT[value] }));

/** A member's profile as a form fills it in (姓名, 性别, 生日, 备注): 添加会员 and 基本信息's 编辑资料.
 *  `beforeRemark` goes between 生日 and 备注 (添加会员's 标签). Field names: name, sex, birthday (Dayjs), remark. */
export function ProfileFields({ beforeRemark }: { beforeRemark?: ReactNode }) {
  return (
    <>
      <Form.Item label="姓名" name="name" rules={[{ max: 20, message: '姓名不能超过20个字' }]}>
        <Input placeholder="真实姓名（选填）" />
      </Form.Item>
      <Form.Item label="性别" name="sex">
        <Radio.Group options={SEX_OPTIONS} />
      </Form.Item>
      <Form.Item label="生日" name="birthday">
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} style={{ width: '100%' }} placeholder="选择生日（选填）" />
      </Form.Item>
      {beforeRemark}
      <Form.Item label="备注" name="remark" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="仅商家可见" />
      </Form.Item>
    </>
  );
}
