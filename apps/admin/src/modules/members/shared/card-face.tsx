import type { CardLook } from '@contract/index';
import type { ReactNode } from 'react';

interface Props {
  look: CardLook;
  width: number;
  /** Height as a share of the width. */
  ratio: number;
  padding: number;
  testId: string;
  children: ReactNode;
}

/** A card's face as members see it (level cards, rights cards): background colour or image, text colour, rounded and
 *  shadowed, content spread from top to bottom. */
export function CardFace({ look, width, ratio, padding, testId, children }: Props) {
  return (
    <div
      data-testid={testId}
      style={{
        width,
        height: Math.round(width * ratio),
        borderRadius: 12,
        padding,
        color: look.textColor,
        backgroundColor: look.bgColor,
        backgroundImage: look.bgImage ? `url("${look.bgImage.replace(/"/g, '%22')}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        boxShadow: '0 4px 12px rgba(0,0,0,0.15)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
    >
      {children}
    </div>
  );
}
