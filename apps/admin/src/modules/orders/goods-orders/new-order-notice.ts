import { GOODS_ORDER_PAID_EVENT, type GoodsOrderPaidPush } from '@contract/index';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { onHubData } from '@/realtime/hub-client';
import { yuan } from '@/shared/money';

type AudioCtor = typeof AudioContext;

/**
 * A short two-tone beep through WebAudio (no sound file). Browsers only let a page play sound after the user has
 * interacted with it: until a click or key press happened on the page the beep is skipped (the notice still shows).
 */
export function createBeeper(win: Window & { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor } = window) {
  let unlocked = false;
  let ctx: AudioContext | null = null;
  const Ctor: AudioCtor | undefined = win.AudioContext ?? win.webkitAudioContext;
  const unlock = () => {
    unlocked = true;
  };
  win.addEventListener('pointerdown', unlock, { once: true, capture: true });
  win.addEventListener('keydown', unlock, { once: true, capture: true });
  return {
    get ready() {
      return unlocked && Boolean(Ctor);
    },
    beep() {
      if (!unlocked || !Ctor) return false;
      try {
        ctx ??= new Ctor();
        if (ctx.state === 'suspended') void ctx.resume();
        const t = ctx.currentTime;
        for (const [i, freq] of [880, 1320].entries()) {
          const osc = ctx.createOscillator();
          const gain = ctx.createGain();
          osc.type = 'sine';
          osc.frequency.value = freq;
          gain.gain.setValueAtTime(0.0001, t + i * 0.18);
          gain.gain.exponentialRampToValueAtTime(0.25, t + i * 0.18 + 0.02);
          gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.18 + 0.16);
          osc.connect(gain).connect(ctx.destination);
          osc.start(t + i * 0.18);
          osc.stop(t + i * 0.18 + 0.17);
        }
        return true;
      } catch {
        return false;
      }
    },
    dispose() {
      win.removeEventListener('pointerdown', unlock, { capture: true });
      win.removeEventListener('keydown', unlock, { capture: true });
      void ctx?.close().catch(() => undefined);
    },
  };
}

/** The link of an order's notices, also their key: the server's 消息提醒 links the paid order's detail. */
export const orderNoticeKey = (orderId: string) => `/GoodsOrderDetail?id=${orderId}`;

/** The notice's text for a paid order: '订单 G… 已付款 ¥12.50'. */
export const newOrderText = (p: Pick<GoodsOrderPaidPush, 'orderNo' | 'amount'>) => `订单 ${p.orderNo} 已付款 ${yuan(p.amount)}`;

/**
 * While the goods-order list is open: a paid order (hub event goodsOrderPaid) shows the notice 新订单 with its number
 * and amount, beeps, and calls `onPaid` (the list refreshes its counts and rows).
 */
export function useNewOrderNotice(onPaid: (p: GoodsOrderPaidPush) => void, openOrder: (id: string) => void) {
  const { notification } = App.useApp();
  const handlers = useRef({ onPaid, openOrder });
  handlers.current = { onPaid, openOrder };
  useEffect(() => {
    const beeper = createBeeper();
    const off = onHubData(GOODS_ORDER_PAID_EVENT, (payload) => {
      const p = payload as GoodsOrderPaidPush;
      notification.info({
        // The key of the shell's stored notice of the same order (its link, layout/use-hub.ts): one popup, not two.
        key: orderNoticeKey(p.orderId),
        message: '新订单',
        description: `${newOrderText(p)}${p.title ? `\n${p.title}` : ''}`,
        style: { whiteSpace: 'pre-line', cursor: 'pointer' },
        onClick: () => handlers.current.openOrder(p.orderId),
        duration: 8,
      });
      beeper.beep();
      handlers.current.onPaid(p);
    });
    return () => {
      off();
      beeper.dispose();
    };
  }, [notification]);
}
