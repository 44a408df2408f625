import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { smsCode, smsCodes } from './server';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/**
 * The accessible name of an antd button: antd puts a space between two Chinese characters ('登 录'), and an icon
 * before the text adds its label ('loading 登 录' while, or just after, the button spins).
 */
export function btnName(text: string): RegExp {
  const esc = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${esc.join('\\s*')}\\s*$`);
}

/**
 * antd motion classes (modal zoom, dropdown slide, notification fade…) still on the page, and the full-screen spinner.
 * rc-motion sometimes never gets the end event of a leave motion (seen on a toast after a navigation, and on a
 * button's loading icon when a request answered within milliseconds); such a leftover is invisible or harmless, so
 * toasts (.ant-message) and leave motions of elements that no longer show are left out.
 * With `idle`, answers whether there is none (for waitForFunction, which waits for a truthy answer).
 */
function busyParts(idle: boolean): string[] | boolean {
  const motion = /^ant-[\w-]+-(appear|enter|leave)(-(prepare|start|active))?$/;
  const found: string[] = [];
  for (const el of document.querySelectorAll('[class*="-appear"],[class*="-enter"],[class*="-leave"]')) {
    if (el.closest('.ant-message')) continue;
    const classes = [...el.classList].filter((c) => motion.test(c));
    if (classes.length === 0) continue;
    const box = el.getBoundingClientRect();
    const gone = box.width === 0 || box.height === 0 || getComputedStyle(el).opacity === '0';
    if (gone && classes.every((c) => c.includes('-leave'))) continue;
    found.push(el.className);
  }
  if (document.querySelector('.ant-spin-fullscreen-show')) found.push('ant-spin-fullscreen-show');
  return idle ? found.length === 0 : found;
}

/** Waits until no antd animation runs and no full-screen spinner shows; notes it on the test when that takes too long. */
export async function settle(page: Page, timeout = 5_000) {
  try {
    // A function, not a source string: a page with a strict CSP (the sandbox payment page) refuses to eval strings.
    await page.waitForFunction(busyParts, true, { timeout });
  } catch {
    const parts = JSON.stringify(await page.evaluate(busyParts, false));
    const description = `still animating after ${timeout} ms: ${parts}`;
    test.info().annotations.push({ type: 'warning', description });
    console.warn(`[e2e] ${test.info().title}: ${description}`);
  }
}

/** Waits until every canvas (the dashboard's chart animates on its own, outside CSS) draws the same twice in a row. */
export async function canvasesStill(page: Page, timeout = 5_000) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __e2eCanvas?: string };
      const now = [...document.querySelectorAll('canvas')].map((c) => c.toDataURL()).join('|');
      const same = now === w.__e2eCanvas;
      w.__e2eCanvas = now;
      return same;
    },
    undefined,
    { timeout, polling: 250 },
  );
}

/** Saves e2e/screenshots/<name>.png once animations (CSS and canvas) have finished. */
export async function shot(page: Page, name: string) {
  await settle(page);
  await canvasesStill(page);
  // animations: 'allow' (the default): settle has waited already, and fast-forwarding antd's motions from outside
  // can leave them without their end event.
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** An antd message toast (success, error…) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** The form-item error under an antd form field. */
export function fieldError(page: Page, text: string): Locator {
  return page.locator('.ant-form-item-explain-error').filter({ hasText: text });
}

/** Logs in on /login with phone and password (the 密码登录 tab). */
export async function loginWithPassword(page: Page, phone: string, pwd: string, opts: { goto?: boolean } = {}) {
  if (opts.goto !== false) await page.goto('/login');
  const form = page.getByRole('tabpanel').locator('form');
  await form.getByPlaceholder('手机号').fill(phone);
  await form.getByPlaceholder('密码').fill(pwd);
  await form.getByRole('button', { name: btnName('登录') }).click();
}

/** Opens the user dropdown in the top bar and chooses an entry. */
export async function userMenu(page: Page, entry: string) {
  await page.getByTestId('user-menu').click();
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: entry });
  await item.click();
}

/**
 * Confirms the open antd confirm dialog that shows this title: waits for its opening zoom to end (a click while it
 * still animates was lost on a loaded CI machine), clicks 确定 (or `ok`), and waits until the dialog is gone.
 */
export async function confirmDialog(page: Page, title: string, opts: { screenshot?: string; ok?: string } = {}) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  if (opts.screenshot) await shot(page, opts.screenshot);
  await dialog.getByRole('button', { name: btnName(opts.ok ?? '确定') }).click();
  await expect(dialog).toBeHidden();
}

/** Logs out through the user dropdown and its confirm dialog; ends on /login. */
export async function logout(page: Page, screenshot?: string) {
  await userMenu(page, '退出登录');
  await confirmDialog(page, '确定退出登录?', { screenshot });
  await expect(page).toHaveURL(/\/login$/);
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** POSTs to the server and returns data, failing on a code other than 0. */
export async function apiCall<T>(request: APIRequestContext, url: string, body: object = {}, token?: string): Promise<T> {
  const res = await request.post(url, { data: body, headers: token ? { token } : {} });
  expect(res.status(), `${url} status`).toBe(200);
  const env = (await res.json()) as Envelope<T>;
  expect(env.code, `${url}: ${env.msg}`).toBe(0);
  return env.data;
}

/** A phone no other test of the run uses (139 followed by 8 random digits). */
export function freshPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export interface Merchant {
  phone: string;
  pwd: string;
  enterprise: string;
}

/** Registers a user and creates an enterprise through the API, as a fixture for tests about other things. */
export async function createMerchant(request: APIRequestContext, enterprise = '路由测试店'): Promise<Merchant> {
  const phone = freshPhone();
  const pwd = 'Route1234';
  const before = smsCodes(phone).length;
  await apiCall(request, '/api/Login/getSmsCode', { phone, type: 1 });
  const code = await smsCode(phone, { after: before });
  const user = await apiCall<{ token: string }>(request, '/api/Login/RegUser', { phone, code, pwd });
  const [industry] = await apiCall<{ id: string }[]>(request, '/api/Login/GetIndustry');
  await apiCall(
    request,
    '/api/Login/RegistCustomer',
    { name: enterprise, industry: industry.id, area: ['44', '4403', '440305'] },
    user.token,
  );
  return { phone, pwd, enterprise };
}

/** Resets a password through the SMS flow of /Resetpwd (type 3), so a test can put back what it changed. */
export async function resetPassword(request: APIRequestContext, phone: string, pwd: string) {
  const before = smsCodes(phone).length;
  // One code per phone per 60 s: when the test ran again within the minute, wait as long as the server says.
  for (;;) {
    const res = await request.post('/api/Login/getSmsCode', { data: { phone, type: 3 } });
    const env = (await res.json()) as Envelope<unknown>;
    const wait = /请(\d+)秒后再试/.exec(env.msg);
    if (env.code === 0 || !wait) {
      expect(env.code, `getSmsCode: ${env.msg}`).toBe(0);
      break;
    }
    await new Promise((r) => setTimeout(r, Number(wait[1]) * 1000));
  }
  const code = await smsCode(phone, { after: before });
  await apiCall(request, '/api/Login/RestPwd', { phone, code, pwd });
}
