import type { FastifyBaseLogger } from 'fastify';

/** Sends text messages. The dev provider writes them to the server log; a real one calls the SMS gateway. */
export interface SmsProvider {
  readonly name: string;
  /** Whether the UI should say the code went to the server log. */
  readonly isDev: boolean;
  sendCode(phone: string, code: string, purpose: string): Promise<void>;
  /** A notice without a code (a staff invitation). */
  sendText(phone: string, text: string): Promise<void>;
}

export interface SentSms {
  phone: string;
  code: string;
  purpose: string;
  at: Date;
}

/** Development provider: one log line per message with the phone and the code. */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly isDev = true;
  /** The last messages, newest last, for tests. */
  readonly sent: SentSms[] = [];

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async sendCode(phone: string, code: string, purpose: string): Promise<void> {
    this.sent.push({ phone, code, purpose, at: new Date() });
    if (this.sent.length > 100) this.sent.shift();
    this.log.info({ sms: { phone, code, purpose } }, `[dev-sms] phone=${phone} code=${code} purpose=${purpose}`);
  }

  async sendText(phone: string, text: string): Promise<void> {
    this.sent.push({ phone, code: '', purpose: text, at: new Date() });
    if (this.sent.length > 100) this.sent.shift();
    this.log.info({ sms: { phone, text } }, `[dev-sms] phone=${phone} text=${text}`);
  }

  /** The last code sent to the phone (texts without a code are passed over). */
  lastCode(phone: string): string | undefined {
    return [...this.sent].reverse().find((s) => s.phone === phone && s.code !== '')?.code;
  }
}

export function createSmsProvider(kind: string, log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  if (kind === 'dev') return new DevSmsProvider(log);
  throw new Error(`未知的短信服务: ${kind}`);
}
