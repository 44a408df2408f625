import { Button, Form } from 'antd';

interface Props {
  saving: boolean;
  /** Whether the role may change this screen (otherwise the form is read-only and no button shows). */
  canEdit: boolean;
  offset?: number;
}

/** The 保存 button under a settings form, aligned with the fields. */
export function SaveBar({ saving, canEdit, offset = 4 }: Props) {
  if (!canEdit) return null;
  return (
    <Form.Item wrapperCol={{ offset }}>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form.Item>
  );
}
