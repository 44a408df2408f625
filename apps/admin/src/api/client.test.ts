import { contract } from '@contract/index';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, setServiceExpiredHandler } from './client';

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
    expect(shown).toHaveBeenCalledWith('没有权限执行此操作');
    answer({ code: 1010, msg: '店铺服务已到期，续费后才能继续操作', data: null });
    await expect(call(contract.goodUnit.save, { name: '箱' } as never)).rejects.toMatchObject({ code: 1010 });
    expect(shown).toHaveBeenLastCalledWith('店铺服务已到期，续费后才能继续操作');
  });
});
