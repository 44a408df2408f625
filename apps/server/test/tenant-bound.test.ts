/**
 * Repositories are bound to the caller's renter (issue 13 §4, core/tenant.ts): a repository function takes a Tenant,
 * made from the call's or job's context, never a database handle and a renter id of whatever origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Ctx } from '@/core/context';
import { tenantFor, tenantOf } from '@/core/tenant';
import type { Db } from '@/db/client';

const SRC = path.resolve(import.meta.dirname, '../src');
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });

/** Functions of `text` whose first two parameters are a database handle and a renter id (name:line). */
function unboundFunctions(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && node.parameters.length >= 2) {
      const [p0, p1] = node.parameters;
      const type0 = p0.type?.getText(sf) ?? '';
      if (/^(Db|Tx|Db \| Tx)$/.test(type0) && /renter/i.test(p1.name.getText(sf)) && p1.type?.getText(sf) === 'string') {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        out.push(`${path.relative(SRC, file)}:${line}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('repositories bound to the renter', () => {
  it('finds a function that takes a database handle and a renter id (the check can fail)', () => {
    const made = 'export const repo = { async byId(db: Db, renterId: string, id: string) { return id; } };';
    expect(unboundFunctions(path.join(SRC, 'made-up.ts'), made)).toEqual(['made-up.ts:1']);
    expect(unboundFunctions(path.join(SRC, 'made-up.ts'), made.replace('db: Db, renterId: string', 'tenant: Tenant'))).toEqual([]);
  });

  it('has no function in src taking a database handle and a renter id: each takes a Tenant', () => {
    const files = filesUnder(SRC).filter((f) => !f.endsWith(path.join('core', 'tenant.ts')));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => unboundFunctions(f, fs.readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('makes tenants from nothing (seedTenant) in the demo seed only', () => {
    const users = filesUnder(SRC)
      .filter((f) => !f.endsWith(path.join('core', 'tenant.ts')) && /\bseedTenant\(/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((f) => !f.startsWith('demo/'))).toEqual([]);
  });
});

describe('a tenant from the context', () => {
  const db = {} as Db;
  const A = '00000000-0000-4000-8000-00000000000a';
  const B = '00000000-0000-4000-8000-00000000000b';
  const staff = (renterId: string) =>
    ({ db, session: { userId: 'u', renterId, shopId: 's', staffId: 'st', roleId: 'r', isOwner: true } }) as unknown as Ctx;

  it('is the staff call’s enterprise, and a staff call names no other', () => {
    expect(tenantOf(staff(A)).renterId).toBe(A);
    expect(tenantFor(staff(A), A).renterId).toBe(A);
    expect(() => tenantFor(staff(A), B)).toThrow();
  });

  it('is the member’s or visited shop’s renter, and a customer names no other', () => {
    const member = { db, session: null, actor: { kind: 'member', memberId: 'm', renterId: A, shopId: 's' } } as unknown as Ctx;
    const visitor = { db, session: null, actor: { kind: 'visitor', visitorId: 'v', renterId: A, shopId: 's' } } as unknown as Ctx;
    for (const c of [member, visitor]) {
      expect(tenantOf(c).renterId).toBe(A);
      expect(() => tenantFor(c, B)).toThrow();
    }
    const shopless = { db, session: null, actor: { kind: 'visitor', visitorId: 'v', renterId: null, shopId: null } } as unknown as Ctx;
    expect(() => tenantOf(shopless)).toThrow('店铺');
  });

  it('is a job’s renter; a sweep with no renter of its own names the renter of the row it read', () => {
    const bound = { db, session: null, actor: { kind: 'system', job: 'j', renterId: A } } as unknown as Ctx;
    expect(tenantOf(bound).renterId).toBe(A);
    expect(() => tenantFor(bound, B)).toThrow();
    const sweep = { db, session: null, actor: { kind: 'system', job: 'sweep' } } as unknown as Ctx;
    expect(() => tenantOf(sweep)).toThrow();
    expect(tenantFor(sweep, B).renterId).toBe(B);
  });
});
