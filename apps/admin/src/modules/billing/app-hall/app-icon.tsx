import { AimOutlined, ApiOutlined, AppstoreOutlined, GiftOutlined, IdcardOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<{ style?: React.CSSProperties }>> = {
  ApiOutlined,
  GiftOutlined,
  ShareAltOutlined,
  IdcardOutlined,
  AimOutlined,
};

/** An app's icon by its catalogue name (a fixed set, never a component path from the server). */
export function AppIcon({ name, size = 32 }: { name: string; size?: number }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon style={{ fontSize: size, color: '#1677ff' }} />;
}
