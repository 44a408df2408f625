import { App, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ExceptionPage } from '@/shared';
import { useGoodsDetail } from '../goods.queries';
import { statusBadge } from '../goods-list/goods-columns';
import { GoodsThumb } from '../goods-thumb';
import { ShopGoodsQr } from './shop-goods-qr';
import { yuanSpan } from '@/shared/money';

/**
 * 保存商品 (/SaveGood?id=…&new=1): the result after /addgoods or /editfrom saved a goods — what was saved and where
 * to go next, and the QR code of the goods in the H5 shop (apps/shop).
 */
export default function SaveResultPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const created = params.get('new') === '1';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const q = useGoodsDetail(id);

  if (!id) return <ExceptionPage status={404} onHome={() => navigate('/Goodlist')} />;
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  const g = q.data;
  if (!g) {
    return (
      <Card>
        <Result
          status="warning"
          title="商品不存在或已被删除"
          extra={
            <Button type="primary" onClick={() => navigate('/Goodlist')}>
              返回商品列表
            </Button>
          }
        />
      </Card>
    );
  }

  const copyNo = async () => {
    try {
      await navigator.clipboard.writeText(g.goodsNo);
      message.success('已复制商品编号');
    } catch {
      message.error('复制失败，请手动复制');
    }
  };

  return (
    <Card>
      <Result
        status="success"
        title={created ? '商品发布成功' : '商品保存成功'}
        subTitle={
          g.status === 0 ? '商品已放入仓库，上架后顾客才能购买' : g.status === 2 ? `商品将于 ${g.startSaleAt} 开售` : '商品已上架出售'
        }
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => navigate('/addgoods')}>
              继续发布
            </Button>
            <Button onClick={() => navigate(`/editfrom?id=${g.id}`)}>编辑商品</Button>
            <Button onClick={() => navigate('/Goodlist')}>返回商品列表</Button>
          </Space>
        }
      >
        <Space align="start" size={24} style={{ width: '100%', justifyContent: 'center' }}>
          <GoodsThumb src={g.mainImage} size={120} alt={g.title} />
          <Descriptions column={1} size="small" style={{ minWidth: 320 }}>
            <Descriptions.Item label="商品名称">
              <Typography.Text strong>{g.title}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="价格">{yuanSpan(g.minPrice, g.maxPrice)}</Descriptions.Item>
            <Descriptions.Item label="库存">{g.totalStock}</Descriptions.Item>
            <Descriptions.Item label="商品编号">
              <Space size={4}>
                {g.goodsNo}
                <Button type="link" size="small" onClick={copyNo}>
                  复制
                </Button>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="状态">{statusBadge(g)}</Descriptions.Item>
          </Descriptions>
          <ShopGoodsQr goodsId={g.id} status={g.status} />
        </Space>
      </Result>
    </Card>
  );
}
