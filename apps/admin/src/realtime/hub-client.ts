import { io, type Socket } from 'socket.io-client';
import { API_BASE } from '@/api/client';

/** Spec 000 §4 and §9: 4 retries 5000 ms apart, a heartbeat every 300000 ms. */
export const HUB_RETRIES = 4;
export const HUB_RETRY_WAIT_MS = 5000;
export const HEARTBEAT_MS = 300_000;
export const HUB_CHANNEL = 'admin-web';

export interface HubPush {
  title: string;
  message: string;
  link?: string;
}

export interface HubHandlers {
  onNotice(p: HubPush, tts: boolean): void;
  /** The server ended this session (staff disabled, password reset elsewhere). */
  onLogout(p: HubPush): void;
}

export interface HubIds {
  renterID: string;
  shopID: string;
  partnerID: string;
  id: string;
}

/** Data events (no notice shown) that screens watching background work listen to, e.g. transferProgress. */
export const HUB_DATA_EVENTS = [
  'transferProgress',
  'goodsImportProgress',
  'exportProgress',
  'memberImportProgress',
  'goodsOrderPaid',
] as const;
export type HubDataEvent = (typeof HUB_DATA_EVENTS)[number];
const dataListeners = new Map<HubDataEvent, Set<(payload: unknown) => void>>();

/** Listens to a data event of the live connection; returns a function that stops listening. */
export function onHubData(event: HubDataEvent, fn: (payload: unknown) => void): () => void {
  const set = dataListeners.get(event) ?? new Set();
  dataListeners.set(event, set);
  set.add(fn);
  return () => set.delete(fn);
}

/** Connects to /hub with the token; returns a function that disconnects. */
export function connectHub(token: string, ids: HubIds, handlers: HubHandlers): () => void {
  const socket: Socket = io(API_BASE || undefined, {
    path: '/hub',
    auth: { token },
    transports: ['websocket', 'polling'],
    reconnectionAttempts: HUB_RETRIES,
    reconnectionDelay: HUB_RETRY_WAIT_MS,
    reconnectionDelayMax: HUB_RETRY_WAIT_MS,
  });
  const payload = () => ({ ...ids, channel: HUB_CHANNEL });
  socket.on('connect', () => socket.emit('connectedcallback', payload()));
  socket.on('receiveNotice', (p: HubPush) => handlers.onNotice(p, false));
  socket.on('receiveTTSNotice', (p: HubPush) => handlers.onNotice(p, true));
  socket.on('logout', (p: HubPush) => handlers.onLogout(p));
  for (const event of HUB_DATA_EVENTS) {
    socket.on(event, (p: unknown) => {
      for (const fn of dataListeners.get(event) ?? []) fn(p);
    });
  }
  const beat = setInterval(() => {
    if (socket.connected) socket.emit('heartbeatcallback', payload());
  }, HEARTBEAT_MS);
  return () => {
    clearInterval(beat);
    socket.removeAllListeners();
    socket.disconnect();
  };
}

/** Reads a TTS notice aloud where the browser can. */
export function speak(text: string) {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = 'zh-CN';
  window.speechSynthesis.speak(u);
}
