import { BellOutlined, DownOutlined, EyeOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { VersionInfo } from '@contract/index';
import { App, Avatar, Badge, Button, Dropdown, Popover, Space, Tag } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useBuyDialog } from '@/modules/billing/billing.queries';
import { useUserHead } from '@/modules/home/home.queries';
import { useLogout } from '@/modules/login/login.queries';
import { useSession } from '@/store/session';
import { ChangePasswordDialog } from './dialogs/change-password-dialog';
import { HelpGuideDialog } from './dialogs/help-guide-dialog';
import { LoginInfoDialog } from './dialogs/login-info-dialog';
import { PaidStatusDialog } from './dialogs/paid-status-dialog';
import { ResetPasswordDialog } from './dialogs/reset-password-dialog';
import { NoticeContent, PreviewContent } from './topbar-popovers';

/** The help icon shows only on these routes (spec 000 §2.3). */
export const HELP_PATHS = ['/dashboard', '/officialAccount', '/applets', '/Goodlist', '/GoodsOrderList', '/currency'];

interface Props {
  version: VersionInfo;
  phone: string;
  roleName: string;
  unread: number;
  /** Only the owner buys and renews. */
  isOwner: boolean;
}

/** Top bar: shop name, version badge, help, preview, notices and the user menu. */
export function TopBar({ version, phone, roleName, unread, isOwner }: Props) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const loc = useLocation();
  const qc = useQueryClient();
  const info = useSession((s) => s.info);
  const logout = useSession((s) => s.logout);
  const [dialog, setDialog] = useState<'' | 'paid' | 'help' | 'pwd' | 'reset' | 'login'>('');
  const [noticeOpen, setNoticeOpen] = useState(false);
  const openBuy = useBuyDialog((s) => s.open);
  const head = useUserHead();
  const logoutCall = useLogout({ quiet: true, silent: true });
  if (!info) return null;
  const formal = version.issy !== 1;
  const hasLoginHistory = info.menu.length > 0 && JSON.stringify(info.menu).includes('"/logininfor"');

  const quit = () =>
    modal.confirm({
      title: '确定退出登录?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logoutCall.mutateAsync().catch(() => null);
        logout();
        qc.clear();
        navigate('/login', { replace: true });
      },
    });

  const items = [
    { key: 'login', label: '登录信息' },
    { key: 'pwd', label: '修改密码' },
    ...(info.customerCount > 1 ? [{ key: 'switch', label: '切换企业' }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: '退出登录' },
  ];
  const onMenu = ({ key }: { key: string }) => {
    if (key === 'login') {
      if (hasLoginHistory) navigate('/logininfor');
      else setDialog('login');
    } else if (key === 'pwd') setDialog('pwd');
    else if (key === 'switch') navigate('/SelectCustomesr');
    else if (key === 'logout') quit();
  };

  return (
    <header className="topbar">
      <Space size={12}>
        <span className="topbar-shop">{version.shopname}</span>
        {formal ? (
          <Tag color="gold" style={{ cursor: 'pointer' }} onClick={() => setDialog('paid')}>
            正式版
          </Tag>
        ) : (
          <Tag color="blue">试用版</Tag>
        )}
      </Space>
      <Space size={4}>
        {HELP_PATHS.includes(loc.pathname) && (
          <Button type="text" icon={<QuestionCircleOutlined />} onClick={() => setDialog('help')} aria-label="帮助">
            帮助
          </Button>
        )}
        <Popover content={<PreviewContent />} title="预览" trigger="click" placement="bottom" destroyOnHidden>
          <Button type="text" icon={<EyeOutlined />} aria-label="预览">
            预览
          </Button>
        </Popover>
        <Popover
          content={<NoticeContent onOpen={() => setNoticeOpen(false)} />}
          title="通知"
          trigger="click"
          placement="bottomRight"
          open={noticeOpen}
          onOpenChange={setNoticeOpen}
          destroyOnHidden
        >
          <Button type="text" aria-label="通知">
            <Badge count={unread} size="small" offset={[4, -2]}>
              <BellOutlined style={{ fontSize: 16 }} />
            </Badge>
          </Button>
        </Popover>
        <Dropdown menu={{ items, onClick: onMenu }} trigger={['click', 'hover']}>
          <Button type="text" data-testid="user-menu">
            <Avatar size="small" src={head.data?.headimg || undefined} icon={<UserOutlined />} />{' '}
            <span title={head.data?.txt}>{info.uname}</span> <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
      <PaidStatusDialog
        open={dialog === 'paid'}
        version={version}
        canBuy={isOwner}
        onBuy={() => {
          setDialog('');
          openBuy('');
        }}
        onClose={() => setDialog('')}
      />
      <HelpGuideDialog open={dialog === 'help'} onClose={() => setDialog('')} />
      <ChangePasswordDialog open={dialog === 'pwd'} onClose={() => setDialog('')} onForgot={() => setDialog('reset')} />
      <ResetPasswordDialog
        open={dialog === 'reset'}
        phone={phone}
        onClose={() => setDialog('')}
        onDone={() => {
          logout();
          navigate('/login', { replace: true });
        }}
      />
      <LoginInfoDialog open={dialog === 'login'} info={info} phone={phone} roleName={roleName} onClose={() => setDialog('')} />
    </header>
  );
}
