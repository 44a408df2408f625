import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encryption of the settings' secrets (renter_configs.secret): AES-256-GCM with a random 96-bit IV per write and the
 * row's renter and section as additional data, so a secret copied into another row does not decrypt.
 *
 * The key: SETTINGS_SECRET (32 bytes as 64 hex characters or base64) when set; otherwise a random key created once in
 * DATA_DIR/private/settings.key (mode 0600, never served). Several instances sharing one database must share the key,
 * so set SETTINGS_SECRET there.
 */

const VERSION = 'v1';
const KEY_FILE = 'settings.key';
const keys = new Map<string, Buffer>();

/** Reads a 32-byte key written as 64 hex characters or base64; undefined for anything else. */
function parseKey(text: string): Buffer | undefined {
  const v = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  const b = Buffer.from(v, 'base64');
  return b.length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(v) ? b : undefined;
}

/** The key file's path inside a data dir. */
export function keyFileOf(dataDir: string): string {
  return path.join(dataDir, 'private', KEY_FILE);
}

/** The settings key: SETTINGS_SECRET, or the data dir's key file (created on first use). Cached per source. */
export function settingsKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.SETTINGS_SECRET;
  if (fromEnv) {
    const key = parseKey(fromEnv);
    if (!key) throw new Error('SETTINGS_SECRET must be 32 bytes written as 64 hex characters or base64');
    return key;
  }
  const file = keyFileOf(dataDir);
  const cached = keys.get(file);
  if (cached) return cached;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': only the first process to get here writes a key; every other one reads it.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a settings key (64 hex characters)`);
  keys.set(file, key);
  return key;
}

/** Encrypts a section's secrets (an object) into `v1:<iv>:<tag>:<ciphertext>` (base64 parts). */
export function sealSecret(key: Buffer, aad: string, value: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

/** Decrypts what sealSecret wrote; '' reads as no secrets. Throws when the key or the row does not match. */
export function openSecret(key: Buffer, aad: string, sealed: string): Record<string, string> {
  if (!sealed) return {};
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown settings secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as Record<string, string>;
}
