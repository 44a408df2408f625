import { MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { App, Button, Card, List, Popconfirm, Skeleton, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useInvalidateAccount, useUnbindWechat, useUserBind, accountKeys } from '../account.queries';
import { PhoneModal } from './phone-modal';
import { WechatBindModal } from './wechat-bind-modal';

/** 账号绑定: the login phone (更换手机号) and the WeChat bound for login (绑定 / 解绑). */
export default function UserBindPage() {
  const { message } = App.useApp();
  const invalidate = useInvalidateAccount();
  const bind = useUserBind();
  const [dialog, setDialog] = useState<'' | 'phone' | 'wechat'>('');
  const unbindWechat = useUnbindWechat();
  // A scan binds on the server: the bindings are read again when the dialog sees it.
  const refresh = useCallback(() => invalidate(accountKeys.bind), [invalidate]);
  const close = useCallback(() => setDialog(''), []);
  const bound = useCallback(() => {
    setDialog('');
    message.success('绑定成功');
    refresh();
  }, [message, refresh]);

  if (bind.isLoading || !bind.data) return <Card>{bind.isError ? '账号绑定信息加载失败，请刷新重试' : <Skeleton active />}</Card>;
  const { phone, wechat } = bind.data;

  const unbind = async () => {
    try {
      await unbindWechat.mutateAsync();
      message.success('解绑成功');
    } catch {
      // shown
    }
  };

  return (
    <Card title="账号绑定">
      <List itemLayout="horizontal" style={{ maxWidth: 720 }}>
        <List.Item
          actions={[
            <Button key="phone" type="link" onClick={() => setDialog('phone')}>
              更换手机号
            </Button>,
          ]}
        >
          <List.Item.Meta
            avatar={<MobileOutlined style={{ fontSize: 28, color: '#1677ff' }} />}
            title="手机号"
            description={<span data-testid="bound-phone">已绑定 {phone}，用于登录和接收验证码</span>}
          />
        </List.Item>
        <List.Item
          actions={[
            wechat ? (
              <Popconfirm
                key="unbind"
                title="确定解除微信绑定吗?"
                description="解绑后将不能再用该微信登录"
                okText="确定"
                cancelText="取消"
                onConfirm={unbind}
              >
                <Button type="link" danger loading={unbindWechat.isPending}>
                  解绑
                </Button>
              </Popconfirm>
            ) : (
              <Button key="bind" type="link" onClick={() => setDialog('wechat')}>
                绑定微信
              </Button>
            ),
          ]}
        >
          <List.Item.Meta
            avatar={<WechatOutlined style={{ fontSize: 28, color: wechat ? '#07c160' : '#bfbfbf' }} />}
            title="微信"
            description={
              wechat ? (
                <span data-testid="bound-wechat">
                  已绑定微信「{wechat.nickname}」<Typography.Text type="secondary">（{wechat.bindTime}）</Typography.Text>
                </span>
              ) : (
                '未绑定微信'
              )
            }
          />
        </List.Item>
      </List>
      <PhoneModal open={dialog === 'phone'} onClose={close} onDone={close} />
      <WechatBindModal open={dialog === 'wechat'} onClose={close} onBound={bound} />
    </Card>
  );
}
