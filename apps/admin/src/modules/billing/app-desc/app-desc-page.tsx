import { Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useUserInfo } from '@/hooks/use-can';
import { useAppDetail, useBuyDialog } from '../billing.queries';
import { BoughtTag, priceText } from '../app-hall/app-card';
import { AppIcon } from '../app-hall/app-icon';

/** 应用详情 (/appmarket/appdesc?appid=…): where a menu entry of an app not bought leads; the owner buys it here. */
export default function AppDescPage() {
  const [params] = useSearchParams();
  const appid = params.get('appid') ?? '';
  const q = useAppDetail(appid);
  const navigate = useNavigate();
  const isOwner = useUserInfo().data?.isOwner ?? false;
  const openBuy = useBuyDialog((s) => s.open);
  const back = <Button onClick={() => navigate('/Apphall')}>返回应用中心</Button>;

  if (!appid) return <Result status="404" title="应用不存在" extra={back} />;
  if (q.isLoading) return <Skeleton active />;
  const a = q.data;
  if (!a) return <Result status="404" title="应用不存在" extra={back} />;
  const canBuy = a.usagemd || a.usagenf;
  return (
    <Card
      title={
        <Space>
          <AppIcon name={a.icon} size={24} />
          {a.name}
          <BoughtTag app={a} />
        </Space>
      }
      extra={back}
    >
      <Descriptions column={1} size="middle" styles={{ label: { width: 100 } }}>
        <Descriptions.Item label="简介">{a.intro}</Descriptions.Item>
        <Descriptions.Item label="价格">
          <Typography.Text style={{ color: '#f5222d' }}>{priceText(a)}</Typography.Text>
        </Descriptions.Item>
        {a.available && a.bought === 1 && (
          <Descriptions.Item label="到期时间">{a.mdornf === 1 ? '永久' : a.serviceendtime}</Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Paragraph style={{ marginTop: 16, whiteSpace: 'pre-wrap' }}>{a.detail}</Typography.Paragraph>
      {!a.available && <Typography.Text type="secondary">该应用即将上线，敬请期待</Typography.Text>}
      {canBuy &&
        (isOwner ? (
          <Button type="primary" size="large" onClick={() => openBuy(a.appid)}>
            {a.bought ? '立即续费' : '立即购买'}
          </Button>
        ) : (
          <Typography.Text type="secondary">请联系企业所有者购买</Typography.Text>
        ))}
    </Card>
  );
}
