import type { CardLook, MemberRights } from '@contract/index';
import { Typography } from 'antd';
import { CardFace } from '@/modules/members/shared/card-face';
import { rightsLines } from '@/shared/member-rights';
import { validityText } from './cards-format';

interface Props {
  name: string;
  look: CardLook;
  rights: MemberRights;
  validDays: number;
  /** Yuan; shown for a paid card. */
  price?: number;
  needpay?: number;
  width?: number;
}

/** How the card looks to a member (权益卡封面): colour or image, name, rights, validity. */
export function CardPreview({ name, look, rights, validDays, price, needpay, width = 320 }: Props) {
  const rightsLine = rightsLines(rights);
  return (
    <CardFace look={look} width={width} ratio={0.58} padding={16} testId="card-preview">
      <div>
        <div style={{ fontSize: 18, fontWeight: 600 }}>{name || '权益卡名称'}</div>
        <div style={{ fontSize: 12, opacity: 0.85, marginTop: 4 }}>{rightsLine.length ? rightsLine.join(' · ') : '暂未设置权益'}</div>
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, opacity: 0.9 }}>
        <span>{validityText(validDays)}</span>
        <span>{needpay === 1 && price ? `¥${price}` : '免费领取'}</span>
      </div>
    </CardFace>
  );
}

/** The preview with a caption, for the edit form's side. */
export function CardPreviewPanel(props: Props) {
  return (
    <div style={{ position: 'sticky', top: 16 }}>
      <Typography.Text type="secondary">预览</Typography.Text>
      <div style={{ marginTop: 8 }}>
        <CardPreview {...props} />
      </div>
    </div>
  );
}
