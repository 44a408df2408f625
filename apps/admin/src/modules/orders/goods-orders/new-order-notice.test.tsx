import { screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderZh } from '@/shared/test-utils';
import { createBeeper, orderNoticeKey, useNewOrderNotice } from './new-order-notice';

const listeners = new Map<string, (p: unknown) => void>();
vi.mock('@/realtime/hub-client', () => ({
  onHubData: (event: string, fn: (p: unknown) => void) => {
    listeners.set(event, fn);
    return () => listeners.delete(event);
  },
}));

function Probe({ onPaid }: { onPaid: () => void }) {
  useNewOrderNotice(onPaid, () => undefined);
  return null;
}

/** The shell's stored 消息提醒 of order o2 (layout/use-hub.ts keys it by its link), then the list's own notice. */
function Shell() {
  const { notification } = App.useApp();
  useEffect(() => {
    notification.info({ key: orderNoticeKey('o2'), message: '您有新的订单', description: '订单 G2 已付款 ¥9.90', duration: 0 });
  }, [notification]);
  return <Probe onPaid={() => undefined} />;
}

describe('the new-order notice', () => {
  beforeEach(() => listeners.clear());

  it('a paid order shows 新订单 with its number and amount and refreshes the list', async () => {
    const onPaid = vi.fn();
    renderZh(<Probe onPaid={onPaid} />);
    listeners.get('goodsOrderPaid')?.({
      orderId: 'o1',
      orderNo: 'G202611260000000001',
      amount: 139.9,
      title: '保温杯 等2件',
      paidTime: '',
    });
    expect(await screen.findByText('新订单')).toBeTruthy();
    expect(screen.getByText(/订单 G202611260000000001 已付款 ¥139\.90/)).toBeTruthy();
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('replaces the stored 消息提醒 of the same order (same key as the shell uses: its link) instead of a second popup', async () => {
    renderZh(<Shell />);
    expect(await screen.findByText('您有新的订单')).toBeTruthy();
    listeners.get('goodsOrderPaid')?.({ orderId: 'o2', orderNo: 'G2', amount: 9.9, title: '', paidTime: '' });
    expect(await screen.findByText('新订单')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('您有新的订单')).toBeNull());
    expect(document.querySelectorAll('.ant-notification-notice').length).toBe(1);
  });

  it('stays silent until the user has clicked or typed on the page (autoplay rules)', () => {
    const started: number[] = [];
    class FakeCtx {
      state = 'running';
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: '',
          frequency: { value: 0 },
          connect: (g: unknown) => g,
          start: (t: number) => started.push(t),
          stop: () => undefined,
        };
      }
      createGain() {
        return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: () => ({}) };
      }
      resume() {
        return Promise.resolve();
      }
      close() {
        return Promise.resolve();
      }
    }
    const win = Object.assign(new EventTarget(), { AudioContext: FakeCtx }) as unknown as Window;
    const beeper = createBeeper(win as never);
    expect(beeper.beep()).toBe(false);
    expect(started).toEqual([]);
    win.dispatchEvent(new Event('pointerdown'));
    expect(beeper.beep()).toBe(true);
    expect(started.length).toBe(2);
    beeper.dispose();
  });
});
