import { contract } from '@contract/index';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/store/session';
import { ApiError, call, setExpiredHandler, setServiceExpiredHandler } from './client';

const answer = (body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

// antd's toast renders through React after the test has ended; the spy only records what would show.
const noToast = (() => undefined) as unknown as typeof message.error;

afterEach(() => {
  setServiceExpiredHandler(null);
  vi.restoreAllMocks();
});

describe('a refused call', () => {
  it('goes to the renew prompt when the service has ended (1010), not to an error message', async () => {
    const prompt = vi.fn();
    const shown = vi.spyOn(message, 'error').mockImplementation(noToast);
    setServiceExpiredHandler(prompt);
    answer({ code: 1010, msg: '店铺服务已到期，续费后才能继续操作', data: null });
    await expect(call(contract.goodUnit.save, { name: '箱' } as never)).rejects.toMatchObject({ code: 1010 });
    expect(prompt).toHaveBeenCalledWith('店铺服务已到期，续费后才能继续操作');
    expect(shown).not.toHaveBeenCalled();
  });

  it('shows any other refusal as an error message, and 1010 too when no prompt is set', async () => {
    const shown = vi.spyOn(message, 'error').mockImplementation(noToast);
    answer({ code: 1003, msg: '没有权限执行此操作', data: null });
    await expect(call(contract.goodUnit.save, { name: '箱' } as never)).rejects.toBeInstanceOf(ApiError);
    expect(shown).toHaveBeenCalledWith({ content: '没有权限执行此操作', key: '没有权限执行此操作' });
    answer({ code: 1010, msg: '店铺服务已到期，续费后才能继续操作', data: null });
    await expect(call(contract.goodUnit.save, { name: '箱' } as never)).rejects.toMatchObject({ code: 1010 });
    expect(shown).toHaveBeenLastCalledWith({ content: '店铺服务已到期，续费后才能继续操作', key: '店铺服务已到期，续费后才能继续操作' });
  });
});

describe('the database away', () => {
  it('shows 数据库暂时不可用 once for a page whose calls all fail at once: the same toast, replaced, not stacked', async () => {
    const shown = vi.spyOn(message, 'error').mockImplementation(noToast);
    const msg = '数据库暂时不可用，请稍后再试';
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ code: 1, msg, data: null }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const calls = [contract.goodUnit.save, contract.goodUnit.save, contract.goodUnit.save].map((e) => call(e, { name: '箱' } as never));
    for (const c of calls) await expect(c).rejects.toMatchObject({ code: 1, message: msg });
    expect(shown).toHaveBeenCalledTimes(3);
    // antd shows one toast per key: every call names the same one.
    expect(new Set(shown.mock.calls.map(([arg]) => JSON.stringify(arg)))).toEqual(new Set([JSON.stringify({ content: msg, key: msg })]));
  });
});

describe('an ended session', () => {
  const signIn = (token: string) => useSession.setState({ info: { token, expires: Date.now() + 60_000 } as never });
  const unauthorized = () =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"code":401,"msg":"未登录","data":null}', { status: 401 }));

  it('shows one toast and leaves once however many calls of the page come back 401 (issue 12: three toasts)', async () => {
    const shown = vi.spyOn(message, 'error').mockImplementation(noToast);
    const leave = vi.fn();
    setExpiredHandler(leave);
    signIn('token-a');
    unauthorized();
    const calls = [contract.goodUnit.save, contract.goodUnit.save, contract.goodUnit.save].map((e) => call(e, { name: '箱' } as never));
    for (const c of calls) await expect(c).rejects.toMatchObject({ code: 401 });
    expect(shown).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledTimes(1);

    // The next session that ends is announced again.
    signIn('token-b');
    await expect(call(contract.goodUnit.save, { name: '箱' } as never)).rejects.toMatchObject({ code: 401 });
    expect(shown).toHaveBeenCalledTimes(2);
    expect(leave).toHaveBeenCalledTimes(2);
    setExpiredHandler(() => {});
  });
});
