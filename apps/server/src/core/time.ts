const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The zone of the API edge's times, one per process: set from the configuration (TZ_DISPLAY) when an app is built,
 * because fmtTime and parseTime are called everywhere without a context. Apps built in one process share it (they all
 * run with the same configured zone).
 */
let displayZone = 'Asia/Shanghai';
export function setDisplayZone(tz: string) {
  displayZone = tz;
}

/** The zone's offset from UTC (ms) in the UTC hour starting at hourStart; offsets change on hour boundaries. */
const offsetCache = new Map<string, number>();
function zoneOffsetMs(timeZone: string, hourStart: number): number {
  const key = `${timeZone}|${hourStart}`;
  let off = offsetCache.get(key);
  if (off === undefined) {
    const p = Object.fromEntries(
      formatter(timeZone)
        .formatToParts(new Date(hourStart))
        .map((x) => [x.type, x.value]),
    );
    off = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - hourStart;
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, off);
  }
  return off;
}

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * YYYY-MM-DD HH:mm:ss in the display zone (DESIGN §3); '' for null. Lists format thousands of times a second, so the
 * zone's offset is looked up once per hour of time and the digits are written by hand.
 */
export function fmtTime(d: Date | string | null | undefined): string {
  if (!d) return '';
  const t = (typeof d === 'string' ? new Date(d) : d).getTime();
  if (Number.isNaN(t)) return '';
  const local = new Date(t + zoneOffsetMs(displayZone, Math.floor(t / 3_600_000) * 3_600_000));
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}

/** YYYY-MM-DD in the display zone. */
export function fmtDay(d: Date): string {
  return fmtTime(d).slice(0, 10);
}

/** True for a 'YYYY-MM-DD' day later than today in the display zone (a birthday in the future). */
export function isAfterToday(day: string, now = new Date()): boolean {
  return day > fmtDay(now);
}

/** Parses 'YYYY-MM-DD HH:mm:ss' given in the display zone. */
export function parseTime(s: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return new Date(Number.NaN);
  const [, y, mo, da, h = '0', mi = '0', se = '0'] = m;
  const asUtc = Date.UTC(+y, +mo - 1, +da, +h, +mi, +se);
  // Offset of the zone at that instant (no DST in Asia/Shanghai, but stay general).
  const guess = new Date(asUtc);
  const shown = fmtTime(guess);
  const [d2, t2] = shown.split(' ');
  const [y2, mo2, da2] = d2.split('-').map(Number);
  const [h2, mi2, se2] = t2.split(':').map(Number);
  const offset = Date.UTC(y2, mo2 - 1, da2, h2, mi2, se2) - asUtc;
  return new Date(asUtc - offset);
}

/** Start of today in the display zone. */
export function startOfToday(now = new Date()): Date {
  return parseTime(`${fmtDay(now)} 00:00:00`);
}

/** Whole days from now until `end` (0 when past), counting a started day as a day. */
export function daysLeft(end: Date | null, now = new Date()): number {
  if (!end) return 0;
  const ms = end.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
