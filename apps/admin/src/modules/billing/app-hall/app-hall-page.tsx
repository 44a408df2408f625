import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAppList } from '../billing.queries';
import { AppCard } from './app-card';

/** 应用中心 (/Apphall): every add-on app with its price and whether the enterprise has bought it. */
export default function AppHallPage() {
  const q = useAppList();
  const navigate = useNavigate();
  const apps = q.data ?? [];
  return (
    <Card title="应用中心">
      {q.isLoading ? (
        <Skeleton active />
      ) : apps.length === 0 ? (
        <Empty description="暂无应用" />
      ) : (
        <Row gutter={[16, 16]}>
          {apps.map((a) => (
            <Col key={a.appid} xs={24} md={12} xl={8}>
              <AppCard app={a} onOpen={() => navigate(`/appmarket/appdesc?appid=${encodeURIComponent(a.appid)}`)} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
