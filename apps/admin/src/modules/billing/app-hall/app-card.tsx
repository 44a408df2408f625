import type { appCard } from '@contract/index';
import { Card, Tag, Typography } from 'antd';
import type { z } from 'zod';
import { AppIcon } from './app-icon';
import { yuan } from '@/shared/money';

export type AppCardData = z.output<typeof appCard>;

/** The price line of an app: '¥598.00/年', '¥1698.00 买断' or both. */
export function priceText(a: Pick<AppCardData, 'annualPrice' | 'buyoutPrice'>): string {
  const parts: string[] = [];
  if (a.annualPrice > 0) parts.push(`${yuan(a.annualPrice)}/年`);
  if (a.buyoutPrice > 0) parts.push(`${yuan(a.buyoutPrice)} 买断`);
  return parts.join('　');
}

/** 即将上线 (its screens are not built, not sold), 已购买 (with the end of an annual app) or 未购买. */
export function BoughtTag({ app }: { app: Pick<AppCardData, 'bought' | 'mdornf' | 'serviceendtime' | 'available'> }) {
  if (!app.available) return <Tag color="orange">即将上线</Tag>;
  if (!app.bought) return <Tag>{app.mdornf ? '已到期' : '未购买'}</Tag>;
  return <Tag color="green">{app.mdornf === 1 ? '已购买（永久）' : `已购买（${app.serviceendtime.slice(0, 10)} 到期）`}</Tag>;
}

export function AppCard({ app, onOpen }: { app: AppCardData; onOpen: () => void }) {
  return (
    <Card hoverable onClick={onOpen} data-testid={`app-${app.appid}`} style={{ height: '100%' }}>
      <Card.Meta
        avatar={<AppIcon name={app.icon} />}
        title={app.name}
        description={
          <>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>
              {app.intro}
            </Typography.Paragraph>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography.Text style={{ color: app.available ? '#f5222d' : undefined }} type={app.available ? undefined : 'secondary'}>
                {priceText(app)}
              </Typography.Text>
              <BoughtTag app={app} />
            </div>
          </>
        }
      />
    </Card>
  );
}
