/** Money is integer fen inside; yuan with at most 2 decimals at the API edge (DESIGN §3). */
export function yuanToFen(yuan: number | string): number {
  const s = typeof yuan === 'number' ? yuan.toFixed(2) : yuan.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) throw new Error(`金额格式不正确: ${yuan}`);
  const neg = s.startsWith('-');
  const [int, dec = ''] = s.replace('-', '').split('.');
  const fen = Number(int) * 100 + Number(dec.padEnd(2, '0'));
  return neg ? -fen : fen;
}

export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}
