import type { MemberImportField } from '@shop/contract';
import { isAfterToday } from '@/core/time';
import { GROWTH_MAX } from '@/modules/members/levels/growth.service';

export type Mapping = Partial<Record<MemberImportField, number>>;

/** The renter's names a row may use: enabled free levels (name → id, threshold) and manual tags (name → id). */
export interface Names {
  levels: Map<string, { id: string; growth: number }>;
  tags: Map<string, { id: string; kind: number }>;
}

/** A row as it will be written: profile fields normalized, names resolved. */
export interface MemberValue {
  phone: string;
  name: string;
  sex: number;
  birthday: string | null;
  levelId: string | null;
  /** The file's growth, raised to the named level's threshold. */
  growth: number;
  tagIds: string[];
  remark: string;
  /** Which fields the file gives (mapped and not blank): an update sets only these. */
  given: Set<MemberImportField>;
}

const SEX: Record<string, number> = { 男: 1, 女: 2, 未知: 0, m: 1, f: 2, male: 1, female: 2, 男性: 1, 女性: 2 };
const PHONE = /^1[3-9]\d{9}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The mapped fields of a row's cells, as written. */
export function fieldsOf(cells: Record<string, string>, mapping: Mapping): Partial<Record<MemberImportField, string>> {
  const out: Partial<Record<MemberImportField, string>> = {};
  for (const [f, col] of Object.entries(mapping) as [MemberImportField, number][]) {
    const v = cells[String(col)];
    if (v) out[f] = v;
  }
  return out;
}

/** A phone as written: spaces, dashes and a +86 / 86 prefix dropped. */
export function cleanPhone(s: string): string {
  const p = s.replace(/[\s\-()（）]/g, '');
  return p.length === 13 && p.startsWith('86') ? p.slice(2) : p.startsWith('+86') ? p.slice(3) : p;
}

/** YYYY-MM-DD of a birthday written as 1990-01-31, 1990/1/31, 1990.1.31, 19900131 or 1990年1月31日; null if not a past date. */
export function parseBirthday(s: string, today = new Date()): string | null {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  const day = `${y}-${pad(mo)}-${pad(d)}`;
  return y < 1900 || isAfterToday(day, today) ? null : day;
}

/**
 * Checks one row against the import rules and the renter's names; answers its problems (empty for a good row) and the
 * value to write. Duplicates within the file are the caller's (they need the rows before it).
 */
export function checkRow(cells: Record<string, string>, mapping: Mapping, names: Names): { errors: string[]; value: MemberValue } {
  const f = fieldsOf(cells, mapping);
  const errors: string[] = [];
  const given = new Set(Object.keys(f) as MemberImportField[]);
  const phone = cleanPhone(f.phone ?? '');
  if (!phone) errors.push('手机号不能为空');
  else if (!PHONE.test(phone)) errors.push('手机号格式不正确');
  const name = f.name ?? '';
  if (name.length > 20) errors.push('姓名不能超过20个字');
  let sex = 0;
  if (f.sex) {
    const s = SEX[f.sex.toLowerCase()];
    if (s === undefined) errors.push('性别只能填写男或女');
    else sex = s;
  }
  let birthday: string | null = null;
  if (f.birthday) {
    birthday = parseBirthday(f.birthday);
    if (!birthday) errors.push('生日格式不正确');
  }
  let growth = 0;
  if (f.growth) {
    const n = Number(f.growth);
    if (!/^\d+$/.test(f.growth) || n > GROWTH_MAX) errors.push('成长值须为不小于0的整数');
    else growth = n;
  }
  let levelId: string | null = null;
  if (f.level) {
    const l = names.levels.get(f.level);
    if (!l) errors.push(`等级不存在：${f.level}`);
    else {
      levelId = l.id;
      growth = Math.max(growth, l.growth);
    }
  }
  const tagIds: string[] = [];
  if (f.tags) {
    for (const t of new Set(
      f.tags
        .split(/[,，、;；]+/)
        .map((x) => x.trim())
        .filter(Boolean),
    )) {
      const tag = names.tags.get(t);
      if (!tag) errors.push(`标签不存在：${t}`);
      else if (tag.kind !== 1) errors.push(`自动标签不能导入：${t}`);
      else tagIds.push(tag.id);
    }
  }
  const remark = f.remark ?? '';
  if (remark.length > 200) errors.push('备注不能超过200个字');
  return { errors, value: { phone, name, sex, birthday, levelId, growth, tagIds, remark, given } };
}

/** The stored cells of a raw row: non-blank ones by column index. */
export function storedCells(cells: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  cells.forEach((c, i) => {
    if (c) out[String(i)] = c.slice(0, 500);
  });
  return out;
}
