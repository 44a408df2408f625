import { afterEach, describe, expect, it } from 'vitest';
import { fmtDay, fmtTime, isAfterToday, parseTime, setDisplayZone, startOfToday } from './time';

/** The slow, obviously right way: Intl's parts for every call. */
function reference(d: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

afterEach(() => setDisplayZone('Asia/Shanghai'));

describe('fmtTime', () => {
  it('writes the display zone’s wall time', () => {
    expect(fmtTime(new Date('2026-11-22T16:05:09Z'))).toBe('2026-11-23 00:05:09');
    expect(fmtTime('2026-01-01T00:00:00.000Z')).toBe('2026-01-01 08:00:00');
    expect(fmtTime(null)).toBe('');
    expect(fmtTime('not a date')).toBe('');
  });

  it('agrees with Intl across years, also in a zone with summer time', () => {
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York']) {
      setDisplayZone(zone);
      let t = Date.UTC(2019, 0, 1);
      for (let i = 0; i < 3000; i++) {
        t += (1_234_567_891 % (97 * 3_600_000)) + i * 7_919;
        const d = new Date(t);
        expect(fmtTime(d), `${zone} ${d.toISOString()}`).toBe(reference(d, zone));
      }
      // Both sides of a change to and from summer time.
      for (const iso of ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-10-25T00:59:59Z', '2026-10-25T01:00:00Z']) {
        expect(fmtTime(new Date(iso))).toBe(reference(new Date(iso), zone));
      }
    }
  });

  it('round-trips with parseTime', () => {
    const s = '2026-11-22 09:30:15';
    expect(fmtTime(parseTime(s))).toBe(s);
  });
});

describe('days of the display zone', () => {
  it('stamps and starts the day of the display zone, not of UTC or the machine', () => {
    // 2026-11-22 17:30 UTC is already the 23rd in Shanghai and still the 22nd in New York.
    const at = new Date('2026-11-22T17:30:00Z');
    expect(fmtDay(at)).toBe('2026-11-23');
    expect(startOfToday(at).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    // A birthday of the 23rd is today in Shanghai at that moment (though UTC is still on the 22nd), the 24th is not.
    expect(isAfterToday('2026-11-23', at)).toBe(false);
    expect(isAfterToday('2026-11-24', at)).toBe(true);
    setDisplayZone('America/New_York');
    expect(fmtDay(at)).toBe('2026-11-22');
    expect(startOfToday(at).toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(isAfterToday('2026-11-23', at)).toBe(true);
  });
});
