import { createHash } from 'node:crypto';
import type { LogisticsProvider, Tracking } from './logistics';

const HOUR = 3_600_000;
const CITIES = ['上海', '杭州', '广州', '深圳', '北京', '武汉', '成都', '南京', '郑州', '西安', '长沙', '济南'];

/** 32 bits of the tracking number's hash, as the seed of its timeline: the same number always answers the same. */
function seedOf(company: string, trackingNo: string): number[] {
  const h = createHash('sha256').update(`${company}:${trackingNo}`).digest();
  return Array.from({ length: 8 }, (_, i) => h.readUInt32BE(i * 4));
}

/**
 * The dev tracking service (README "Logistics dev rules"): a deterministic, plausible timeline from the company, the
 * tracking number and the ship time — 揽收 1–3 h after shipping, 2–3 transfer hops 6–12 h apart (运输中), 派送中 8–14 h
 * after the last hop, 已签收 2–5 h later — of which only what has happened by `now` is answered.
 */
export function devTimeline(company: string, trackingNo: string, shippedAt: Date): { at: Date; state: number; text: string }[] {
  const s = seedOf(company, trackingNo);
  const pick = (i: number, lo: number, hi: number) => lo + (s[i] % (hi - lo + 1));
  const from = CITIES[s[0] % CITIES.length];
  const hops = pick(1, 2, 3);
  const steps: { at: number; state: number; text: string }[] = [];
  let t = shippedAt.getTime() + pick(2, 1, 3) * HOUR;
  steps.push({ at: t, state: 1, text: `【${from}】快递员已揽收` });
  let city = from;
  for (let i = 0; i < hops; i++) {
    t += pick(3 + i, 6, 12) * HOUR;
    const next = CITIES[(s[0] + (s[3 + i] % (CITIES.length - 1)) + 1) % CITIES.length];
    steps.push({ at: t, state: 2, text: `快件已从【${city}转运中心】发出，下一站【${next}转运中心】` });
    t += HOUR;
    steps.push({ at: t, state: 2, text: `快件已到达【${next}转运中心】` });
    city = next;
  }
  t += pick(6, 8, 14) * HOUR;
  steps.push({ at: t, state: 3, text: `【${city}】快递员正在派送，请保持电话畅通` });
  t += pick(7, 2, 5) * HOUR;
  steps.push({ at: t, state: 4, text: '快件已签收，签收人：本人。感谢使用，期待再次为您服务' });
  return steps.map((x) => ({ ...x, at: new Date(x.at) }));
}

export const devLogistics: LogisticsProvider = {
  name: 'dev',
  async query({ company, trackingNo, shippedAt, now = new Date() }): Promise<Tracking> {
    const happened = devTimeline(company, trackingNo, shippedAt).filter((x) => x.at.getTime() <= now.getTime());
    const last = happened.at(-1);
    return {
      state: last?.state ?? 0,
      traces: happened.reverse().map((x) => ({ time: x.at, text: x.text })),
    };
  },
};
