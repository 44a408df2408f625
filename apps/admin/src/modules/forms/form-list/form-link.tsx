import { QrcodeOutlined } from '@ant-design/icons';
import { Button, Popover, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';

/** The public fill link of a form, with its QR code (size 200). */
export function FormLink({ path }: { path: string }) {
  const url = `${window.location.origin}${path}`;
  return (
    <Popover
      trigger="click"
      title="填写链接"
      content={
        <Space direction="vertical" align="center">
          <QRCodeSVG value={url} size={200} />
          <Typography.Paragraph copyable={{ text: url }} style={{ margin: 0, maxWidth: 220 }} ellipsis>
            {url}
          </Typography.Paragraph>
          <Button size="small" href={url} target="_blank">
            打开填写页
          </Button>
        </Space>
      }
    >
      <Button type="link" size="small" icon={<QrcodeOutlined />} aria-label="填写链接">
        链接
      </Button>
    </Popover>
  );
}
