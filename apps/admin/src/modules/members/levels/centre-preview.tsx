import type { CardLook } from '@contract/index';
import { Empty, Typography } from 'antd';
import { LevelCard } from './level-card';

interface Props {
  page: { title?: string; bgColor?: string; showNext?: boolean; showRights?: boolean } | undefined;
  level: { name: string; needpay: number } | undefined;
  look: CardLook;
}

/** 会员中心预览: the level page as members see it, with the chosen level's card. */
export function CentrePreview({ page, level: cur, look }: Props) {
  return (
    <div
      aria-label="会员中心预览"
      style={{
        width: 340,
        minHeight: 520,
        borderRadius: 16,
        border: '1px solid #ddd',
        padding: 20,
        background: page?.bgColor ?? '#f5f5f5',
      }}
    >
      <Typography.Title level={5} style={{ textAlign: 'center' }}>
        {page?.title || '会员中心'}
      </Typography.Title>
      {cur ? (
        <>
          <LevelCard look={look} name={cur.name} sub={cur.needpay === 0 ? '成长值 520' : '有效期至 2027-01-01'} />
          {page?.showNext && cur.needpay === 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              再获得 480 成长值可升级到下一等级
            </Typography.Paragraph>
          )}
          {page?.showRights && (
            <Typography.Paragraph style={{ marginTop: 12 }}>等级权益：折扣、积分倍率、包邮、生日礼</Typography.Paragraph>
          )}
        </>
      ) : (
        <Empty description="还没有等级" />
      )}
    </div>
  );
}
