import { returnScoreConfigBody } from '@contract/index';
import { Alert, App, Button, Form, InputNumber, Radio, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { ApiError } from '@/api/client';
import { DebouncedButton } from '@/shared';
import { useReturnScoreConfig, useSaveReturnScoreConfig } from './points-goods.queries';

interface Values {
  enabled: boolean;
  pointsPerYuan: number | null;
  timing: 1 | 2;
  maxPerOrder: number | null;
}

const FIELDS = new Set(['enabled', 'pointsPerYuan', 'timing', 'maxPerOrder']);

/** 购物返积分设置: whether goods orders give points back, how many per yuan paid, when, and the cap per order. */
export function ReturnScoreForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const q = useReturnScoreConfig();
  const saveConfig = useSaveReturnScoreConfig();
  const enabled = Form.useWatch('enabled', form);

  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (q.error)
    return (
      <Alert
        type="error"
        showIcon
        message={q.error.message || '加载失败'}
        action={
          <Button size="small" onClick={() => q.refetch()}>
            重试
          </Button>
        }
      />
    );

  const save = async (v: Values) => {
    const body = { enabled: v.enabled, pointsPerYuan: v.pointsPerYuan ?? 0, timing: v.timing, maxPerOrder: v.maxPerOrder ?? 0 };
    const checked = returnScoreConfigBody.safeParse(body);
    if (!checked.success) return;
    try {
      await saveConfig.mutateAsync(checked.data);
      message.success('保存成功');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const errors = (e.data as { errors?: { field: string; msg: string }[] } | null)?.errors ?? [];
      form.setFields(errors.filter((x) => FIELDS.has(x.field)).map((x) => ({ name: x.field as keyof Values, errors: [x.msg] })));
      message.error(e.message);
    }
  };

  return (
    <Form<Values> form={form} labelCol={{ flex: '140px' }} style={{ maxWidth: 640 }} onFinish={save}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        message="开启后，会员购买商品按实付金额每1元返还设定的积分（不足1元的部分不返），在所选时间发放到会员账户。"
      />
      <Form.Item name="enabled" label="购物返积分" valuePropName="checked">
        <Switch checkedChildren="开启" unCheckedChildren="关闭" aria-label="购物返积分" />
      </Form.Item>
      <Form.Item
        name="pointsPerYuan"
        label="每消费1元返"
        rules={[
          { required: true, message: '请输入每元返积分数' },
          { type: 'integer', min: 1, max: 10000, message: '每元返积分须为1到10000的整数' },
        ]}
      >
        <InputNumber
          aria-label="每消费1元返积分"
          min={1}
          max={10000}
          precision={0}
          addonAfter="积分"
          style={{ width: 200 }}
          disabled={!enabled}
        />
      </Form.Item>
      <Form.Item name="timing" label="发放时间" rules={[{ required: true, message: '请选择发放时间' }]}>
        <Radio.Group
          disabled={!enabled}
          options={[
            { value: 1, label: '确认收货后' },
            { value: 2, label: '售后期结束后' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="maxPerOrder"
        label="每单最多返"
        extra="0 为不限"
        rules={[
          { required: true, message: '请输入每单上限' },
          { type: 'integer', min: 0, max: 99999999, message: '每单上限须为0到99999999的整数' },
        ]}
      >
        <InputNumber aria-label="每单最多返积分" min={0} precision={0} addonAfter="积分" style={{ width: 200 }} disabled={!enabled} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <DebouncedButton type="primary" htmlType="submit" loading={saveConfig.isPending}>
          保存设置
        </DebouncedButton>
        {q.data?.updateTime && (
          <Typography.Text type="secondary" style={{ marginLeft: 16 }}>
            上次保存：{q.data.updateTime}
          </Typography.Text>
        )}
      </Form.Item>
    </Form>
  );
}
