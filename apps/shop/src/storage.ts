// What the fill page keeps in the browser: the server-signed visitor id and the visitor's last order per form.

/** The server-signed visitor id (POST /h5/Visitor/Issue); the key of the browser-made ids before it is left alone. */
export const VISITOR_KEY = 'h5_visitor_signed';
const orderKey = (formId: string) => `h5_order_${formId}`;

/** Storage may be missing or refuse writes (private mode, disabled cookies): then the page works for this visit only. */
const memory = new Map<string, string>();
function read(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}
function write(key: string, value: string | null) {
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // kept in memory only
  }
}

/** Another page's kept value (the member centre's token), by its key. */
export const readKept = (key: string) => read(key);
export const writeKept = (key: string, value: string | null) => write(key, value);

/** The visitor id the server signed for this browser, if it has one. */
export function keptVisitor(): string | null {
  return read(VISITOR_KEY);
}

export function keepVisitor(token: string | null) {
  write(VISITOR_KEY, token);
}

/** The visitor's last order of one form, enough to show its state when the page is opened again. */
export interface KeptOrder {
  orderId: string;
  orderNo: string;
  /** The payment link (Create's qr_code); GetSubmitCode does not answer it again. */
  qrCode: string;
  total: number;
  formName: string;
  /** ISO time it was placed. */
  at: string;
}

export function keptOrder(formId: string): KeptOrder | null {
  const raw = read(orderKey(formId));
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as Partial<KeptOrder>;
    return typeof o.orderId === 'string' && o.orderId
      ? {
          orderId: o.orderId,
          orderNo: String(o.orderNo ?? ''),
          qrCode: String(o.qrCode ?? ''),
          total: Number(o.total ?? 0),
          formName: String(o.formName ?? ''),
          at: String(o.at ?? ''),
        }
      : null;
  } catch {
    return null;
  }
}

export function keepOrder(formId: string, order: KeptOrder | null) {
  write(orderKey(formId), order ? JSON.stringify(order) : null);
}
