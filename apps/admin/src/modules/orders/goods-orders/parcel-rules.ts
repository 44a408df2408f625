/** The 发货 dialog's rules for splitting an order into parcels (AddLogistics). */

export interface ShipLine {
  id: string;
  title: string;
  skuText: string;
  /** Units still to ship (qty − shipped − refunded). */
  toShipQty: number;
}

export interface ParcelDraft {
  companyCode?: string;
  trackingNo?: string;
  /** Units of each line in this parcel, by line id (0 or missing: none). */
  qty: Record<string, number>;
}

/** The first parcel holds every unit still to ship: the common case is one parcel. */
export function firstParcel(lines: ShipLine[]): ParcelDraft {
  return { qty: Object.fromEntries(lines.filter((l) => l.toShipQty > 0).map((l) => [l.id, l.toShipQty])) };
}

/** A further parcel: whatever no parcel holds yet. */
export function nextParcel(lines: ShipLine[], parcels: ParcelDraft[]): ParcelDraft {
  const qty: Record<string, number> = {};
  for (const l of lines) {
    const left = leftOf(l, parcels);
    if (left > 0) qty[l.id] = left;
  }
  return { qty };
}

const unitsOf = (p: ParcelDraft, lineId: string) => {
  const n = p.qty[lineId] ?? 0;
  return Number.isFinite(n) ? n : 0;
};

/** Units of a line not in any parcel yet. */
export function leftOf(line: ShipLine, parcels: ParcelDraft[]): number {
  return line.toShipQty - parcels.reduce((sum, p) => sum + unitsOf(p, line.id), 0);
}

/**
 * What stops the parcels from being sent, in Chinese, first problem first: a parcel without goods, a quantity that
 * is not a whole number, a line with more units in parcels than it has left to ship. Company and tracking number are
 * the form's own fields (checked there).
 */
export function parcelProblems(lines: ShipLine[], parcels: ParcelDraft[]): string[] {
  const out: string[] = [];
  if (!parcels.length) return ['请填写包裹'];
  parcels.forEach((p, i) => {
    const units = lines.map((l) => unitsOf(p, l.id));
    if (units.some((n) => n < 0 || !Number.isInteger(n))) out.push(`包裹${i + 1}的发货数量须为非负整数`);
    else if (units.every((n) => n === 0)) out.push(`包裹${i + 1}没有选择商品`);
  });
  for (const l of lines) {
    if (leftOf(l, parcels) < 0) out.push(`「${l.title}」最多还能发${l.toShipQty}件`);
  }
  return out;
}

/** Whether these parcels hold every unit left: the order then moves to 已发货, else it stays 待发货 (部分发货). */
export function shipsEverything(lines: ShipLine[], parcels: ParcelDraft[]): boolean {
  return lines.every((l) => leftOf(l, parcels) <= 0);
}

/** AddLogistics' parcels: each with the lines it holds (units > 0 only). */
export function parcelsBody(lines: ShipLine[], parcels: ParcelDraft[]) {
  return parcels.map((p) => ({
    companyCode: p.companyCode ?? '',
    trackingNo: (p.trackingNo ?? '').trim(),
    items: lines.filter((l) => unitsOf(p, l.id) > 0).map((l) => ({ lineId: l.id, qty: unitsOf(p, l.id) })),
  }));
}
