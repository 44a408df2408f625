import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { beginAction, REPEAT_WINDOW_MS } from './idempotency';

/** Every call fetch received: the Idempotency-Key header of each (undefined when none). */
function server(answer: () => Promise<Response> = async () => envelope({ id: 'g1' })) {
  const keys: (string | undefined)[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    keys.push(((init?.headers ?? {}) as Record<string, string>)['Idempotency-Key']);
    return answer();
  });
  return keys;
}
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '保存成功', data }), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const goods = { title: '双击的商品', skus: [{ price: 1, stock: 1 }] };

/** A creation button as a screen has it, without any debouncing of its own. */
function Publish() {
  return (
    <button type="button" onClick={() => void api.goods.save(goods as never, { quiet: true }).catch(() => {})}>
      发布商品
    </button>
  );
}

describe('Idempotency-Key', () => {
  it('is the same for both calls of a double click on a creation button', async () => {
    const keys = server();
    render(<Publish />);
    const button = screen.getByRole('button', { name: '发布商品' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('is kept for the retry of a call that got no answer, and new for another action', async () => {
    vi.spyOn(message, 'error').mockImplementation((() => undefined) as unknown as typeof message.error);
    let fail = true;
    const keys = server(async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return envelope({ id: 'g2' });
    });
    const body = { ...goods, title: '网络断了的商品' };
    await expect(api.goods.save(body as never, { quiet: true })).rejects.toMatchObject({ code: -1 });
    fail = false;
    await api.goods.save(body as never, { quiet: true });
    await api.goods.save({ ...body, title: '另一件商品' } as never, { quiet: true });
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('is new for the same form sent again once the double-click window has passed', async () => {
    const t0 = 1_000_000;
    const first = beginAction('/Goods/Goods/copy', { id: 'a' }, t0);
    const second = beginAction('/Goods/Goods/copy', { id: 'a' }, t0 + 10);
    expect(second.key).toBe(first.key);
    vi.useFakeTimers({ now: t0 + 20 });
    first.done(true);
    second.done(true);
    const third = beginAction('/Goods/Goods/copy', { id: 'a' }, t0 + 20 + REPEAT_WINDOW_MS - 1);
    expect(third.key).toBe(first.key);
    third.done(true);
    expect(beginAction('/Goods/Goods/copy', { id: 'b' }, t0 + 30).key).not.toBe(first.key);
    expect(beginAction('/Goods/Goods/copy', { id: 'a' }, t0 + 20 + REPEAT_WINDOW_MS + 5_000).key).not.toBe(first.key);
  });

  it('is sent only on the calls the contract marks idempotent', async () => {
    const keys = server(async () => envelope({ rows: [], total_count: 0 }));
    await api.goods.list({} as never, { quiet: true });
    await api.goods.updateState({ ids: ['x'], state: 1 } as never, { quiet: true });
    expect(keys).toEqual([undefined, undefined]);
  });
});
