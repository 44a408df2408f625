// The QR code of the paid-form order view (payment link, verification code): its own file, so the QR library stays
// in the fill page's chunk, out of the shop's first screen.
import { QRCodeSVG } from 'qrcode.react';

export function Qr({ value, size = 180, label }: { value: string; size?: number; label: string }) {
  return (
    <div className="qr" role="img" aria-label={label}>
      <QRCodeSVG value={value} size={size} marginSize={2} level="M" />
    </div>
  );
}
