/**
 * Plain rules shared by the server, the console and the customer's H5 page. No zod here, so the
 * light H5 bundle can import them without the schema library.
 */

/** Spec 000 §5: 11 digits, first 1, second 3 to 9. */
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** Login and registration password: 8-16 letters and digits, not all digits, not all letters. */
export const LOGIN_PWD_RE = /^(?![0-9]+$)(?![a-zA-Z]+$)[0-9A-Za-z]{8,16}$/;
/** Change password: 8-30 with upper, lower, digit and special character. */
export const STRONG_PWD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,30}$/;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Mainland resident ID: 18 characters, a real birth date and a valid check digit. */
export function isIdCard(v: string): boolean {
  if (!/^\d{17}[\dX]$/i.test(v)) return false;
  const birth = `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`;
  const d = new Date(`${birth}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== birth) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return ID_CHECK[sum % 11] === v[17].toUpperCase();
}
