import type { CardLook } from '@contract/index';
import { CrownOutlined } from '@ant-design/icons';
import { CardFace } from '@/modules/members/shared/card-face';

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
    <CardFace look={look} width={width} ratio={0.56} padding={20} testId="level-card">
      <div style={{ fontSize: 20, fontWeight: 600 }}>
        <CrownOutlined /> {name || '等级名称'}
      </div>
      <div style={{ opacity: 0.85 }}>{sub}</div>
    </CardFace>
  );
}
