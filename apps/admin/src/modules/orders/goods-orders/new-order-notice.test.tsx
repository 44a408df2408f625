import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderZh } from '@/shared/test-utils';
import { createBeeper, useNewOrderNotice } from './new-order-notice';

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
