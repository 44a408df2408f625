import { contract } from '@contract/index';
import { Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callBlob } from '@/api/client';
import { absoluteUrl } from '@/shared/media-picker';

/** The QR code of a file's link (DownQrCode, size 200 as spec 000 §9), with its download. */
export function QrDialog({ url, name, onClose }: { url: string; name: string; onClose: () => void }) {
  const link = absoluteUrl(url);
  const [png, setPng] = useState<{ src: string; blob: Blob } | null>(null);
  useEffect(() => {
    let src = '';
    callBlob(contract.files.DownQrCode, { text: link, size: 200 }, { quiet: true })
      .then((r) => {
        src = URL.createObjectURL(r.data);
        setPng({ src, blob: r.data });
      })
      .catch(() => onClose());
    return () => {
      if (src) URL.revokeObjectURL(src);
    };
  }, [link, onClose]);

  const download = () => {
    if (!png) return;
    const a = document.createElement('a');
    a.href = png.src;
    a.download = `${name.replace(/\.[^.]+$/, '')}-二维码.png`;
    a.click();
  };

  return (
    <Modal open title="文件二维码" width={410} footer={null} onCancel={onClose}>
      <Flex vertical align="center" gap={12}>
        {png ? <img src={png.src} alt="二维码" width={200} height={200} /> : <Skeleton.Image active style={{ width: 200, height: 200 }} />}
        <Typography.Paragraph copyable={{ text: link }} ellipsis style={{ maxWidth: 340, margin: 0 }}>
          {link}
        </Typography.Paragraph>
        <Button type="primary" disabled={!png} onClick={download}>
          下载二维码
        </Button>
      </Flex>
    </Modal>
  );
}
