import { Image } from 'antd';

interface Props {
  src: string;
  size: number;
  /** Click to enlarge (lists); off inside pickers and drag rows. */
  preview?: boolean;
  alt?: string;
}

/** A goods' main image as a square thumbnail, or a grey square when it has none. */
export function GoodsThumb({ src, size, preview = true, alt }: Props) {
  const radius = size >= 100 ? 6 : 4;
  if (!src) return <div style={{ width: size, height: size, background: '#f5f5f5', borderRadius: radius, flex: 'none' }} />;
  return <Image src={src} width={size} height={size} preview={preview} alt={alt} style={{ objectFit: 'cover', borderRadius: radius }} />;
}
