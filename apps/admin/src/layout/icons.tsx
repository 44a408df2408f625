import {
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  PictureOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  DashboardOutlined: <DashboardOutlined />,
  UserOutlined: <UserOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  BellOutlined: <BellOutlined />,
  CloudServerOutlined: <CloudServerOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  GiftOutlined: <GiftOutlined />,
  PictureOutlined: <PictureOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShopOutlined: <ShopOutlined />,
  ShoppingOutlined: <ShoppingOutlined />,
  TeamOutlined: <TeamOutlined />,
  WechatOutlined: <WechatOutlined />,
};

/** The icon named by a menu node (the server sends names, never components). */
export function menuIcon(name: string): ReactNode {
  return ICONS[name] ?? <AppstoreOutlined />;
}
