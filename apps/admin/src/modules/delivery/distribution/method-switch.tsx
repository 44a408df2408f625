import { DELIVERY_METHOD_NAMES, type DeliveryMethod } from '@contract/index';
import { App, Space, Switch, Typography } from 'antd';
import { useSetMethodState } from '../delivery.queries';

interface Props {
  method: DeliveryMethod;
  on: boolean;
  canEdit: boolean;
}

/** One delivery method on or off; turning one off asks first (checkout stops offering it). */
export function MethodSwitch({ method, on, canEdit }: Props) {
  const { modal, message } = App.useApp();
  const setState = useSetMethodState();
  const name = DELIVERY_METHOD_NAMES[method];

  const set = async (state: 0 | 1) => {
    try {
      await setState.mutateAsync({ method, state });
      message.success(state === 1 ? `已开启${name}` : `已关闭${name}`);
    } catch {
      // the reason is shown
    }
  };

  const toggle = (checked: boolean) => {
    if (checked) return set(1);
    modal.confirm({
      title: `确定关闭${name}?`,
      content: '关闭后买家下单时不能再选择该配送方式',
      okText: '确定',
      cancelText: '取消',
      onOk: () => set(0),
    });
  };

  return (
    <Space>
      <Typography.Text strong>{name}</Typography.Text>
      <Switch
        aria-label={name}
        checked={on}
        loading={setState.isPending}
        disabled={!canEdit}
        onChange={toggle}
        checkedChildren="已开启"
        unCheckedChildren="已关闭"
      />
    </Space>
  );
}
