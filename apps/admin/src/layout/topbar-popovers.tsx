import { Empty, List, Tabs, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router-dom';
import { useNotices, usePreviewInfo } from '@/modules/home/home.queries';

export const QR_SIZE = 200;

/** 预览: QR codes of the mini program, the official account and the web shop. */
export function PreviewContent() {
  const q = usePreviewInfo();
  const qr = (path: string | undefined, empty: string) =>
    path ? <QRCodeSVG value={path} size={QR_SIZE} /> : <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <div style={{ width: 240, minHeight: 120 }}>
      <Tabs
        size="small"
        items={[
          { key: 'xcx', label: '小程序', children: qr(q.data?.xcxpath, '请先授权微信小程序') },
          { key: 'gzh', label: '公众号', children: qr(q.data?.gzhpath, '请先授权微信公众号') },
          { key: 'web', label: '网店', children: qr(q.data?.webpath, '请先授权微信公众号') },
        ]}
      />
    </div>
  );
}

/** 通知: the latest notices and 查看更多. */
export function NoticeContent({ onOpen }: { onOpen: () => void }) {
  const q = useNotices();
  return (
    <div style={{ width: 320 }}>
      <List
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" /> }}
        renderItem={(n) => (
          <List.Item>
            <List.Item.Meta title={<Typography.Text strong={!n.read}>{n.order}</Typography.Text>} description={n.time} />
          </List.Item>
        )}
      />
      <div style={{ textAlign: 'center', borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
        <Link to="/reminder?tp=4" onClick={onOpen}>
          查看更多
        </Link>
      </div>
    </div>
  );
}
