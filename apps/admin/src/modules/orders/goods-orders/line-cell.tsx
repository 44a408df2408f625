import { Image, Space, Typography } from 'antd';

/** A bought line as tables show it: the image, the title and the spec text. */
export function LineCell({ l }: { l: { image: string; title: string; skuText: string } }) {
  return (
    <Space>
      <Image src={l.image || undefined} width={48} height={48} preview={false} style={{ objectFit: 'cover', borderRadius: 4 }} />
      <span>
        {l.title}
        {l.skuText && <Typography.Text type="secondary">（{l.skuText}）</Typography.Text>}
      </span>
    </Space>
  );
}
