import type { CardLook } from '@contract/index';
import { CrownOutlined } from '@ant-design/icons';

interface Props {
  look: CardLook;
  name: string;
  /** The line under the name: 成长值 500 / ¥199.00/年. */
  sub?: string;
  width?: number;
}

/** A level's card as the member centre shows it: the live preview of /EditLV and /DecorateLV. */
export function LevelCard({ look, name, sub, width = 300 }: Props) {
  return (
    <div
      data-testid="level-card"
      style={{
        width,
        height: Math.round(width * 0.56),
        borderRadius: 12,
        padding: 20,
        color: look.textColor,
        backgroundColor: look.bgColor,
        backgroundImage: look.bgImage ? `url("${look.bgImage.replace(/"/g, '%22')}")` : undefined,
        backgroundSize: 'cover',
        boxShadow: '0 4px 12px rgba(0,0,0,0.15)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
    >
      <div style={{ fontSize: 20, fontWeight: 600 }}>
        <CrownOutlined /> {name || '等级名称'}
      </div>
      <div style={{ opacity: 0.85 }}>{sub}</div>
    </div>
  );
}

/** Rights as a merchant reads them: 9.5折 · 积分1.5倍 · 包邮 · 生日送100积分. */
export function rightsText(r: { discount: number; pointsTimes: number; freeShipping: boolean; birthdayPoints: number }): string {
  const parts: string[] = [];
  if (r.discount < 1000) parts.push(`${r.discount / 100}折`);
  if (r.pointsTimes > 10) parts.push(`积分${r.pointsTimes / 10}倍`);
  if (r.freeShipping) parts.push('包邮');
  if (r.birthdayPoints > 0) parts.push(`生日送${r.birthdayPoints}积分`);
  return parts.join(' · ') || '无';
}
