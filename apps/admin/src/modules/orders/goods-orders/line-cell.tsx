import { Image, Space, Tag, Typography } from 'antd';

/** A bought line as tables show it: the image, the title, the spec text and the activity it was bought in (限时折扣 / 秒杀). */
export function LineCell({ l }: { l: { image: string; title: string; skuText: string; activityTag?: string } }) {
  return (
    <Space>
      <Image src={l.image || undefined} width={48} height={48} preview={false} style={{ objectFit: 'cover', borderRadius: 4 }} />
      <span>
        {l.title}
        {l.skuText && <Typography.Text type="secondary">（{l.skuText}）</Typography.Text>}
        {l.activityTag && (
          <Tag color="red" style={{ marginLeft: 6 }}>
            {l.activityTag}
          </Tag>
        )}
      </span>
    </Space>
  );
}
