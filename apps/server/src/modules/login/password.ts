import { hash, verify } from '@node-rs/argon2';

/** argon2id hash (DESIGN §4). */
export function hashPassword(pwd: string): Promise<string> {
  return hash(pwd, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export function verifyPassword(stored: string, pwd: string): Promise<boolean> {
  return verify(stored, pwd).catch(() => false);
}
