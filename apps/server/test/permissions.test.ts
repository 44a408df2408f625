// Permission enforcement over the whole contract (spec 000 §6): every endpoint that needs a menu operation refuses a
// role without that grant, even when the role has every other grant; owner-only calls refuse every member; calls of
// the enterprise refuse a user who has not chosen one; and nothing but the public calls answers without a token.
import {
  acceptedGrants,
  allGrants,
  contract,
  type Endpoint,
  type EndpointGrant,
  type EndpointMap,
  grantKey,
  menuOps,
  OPS,
} from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;

const endpoints: [string, Endpoint][] = Object.entries(contract).flatMap(([m, eps]) =>
  Object.entries(eps as EndpointMap).map(([name, e]) => [`${m}.${name}`, e] as [string, Endpoint]),
);
const byGrant = (e: Endpoint): e is Endpoint & { permission: EndpointGrant } => typeof e.permission === 'object';
const menuEndpoints = endpoints.filter(([, e]) => byGrant(e)) as [string, Endpoint & { permission: EndpointGrant }][];
/** The grant keys that let an endpoint through: its own, and its alternatives (uploads several screens make). */
const keysOf = (e: Endpoint & { permission: EndpointGrant }) => acceptedGrants(e.permission).map(grantKey);

/** Every grant a role can hold: each grantable entry's operations. */
const everyGrant = allGrants();

/** The code of a call's answer, reading JSON only (a granted export may answer a file). */
async function codeOf(e: Endpoint, token: string): Promise<number | 'file'> {
  const res = await t.app.inject({
    method: e.method,
    url: e.path,
    headers: { token },
    ...(e.method === 'GET' ? { query: {} } : { payload: {} }),
  });
  if (!String(res.headers['content-type'] ?? '').includes('json')) return 'file';
  if (res.statusCode === 401) return 401;
  return (res.json() as { code: number }).code;
}

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('权限店');
});
afterAll(() => t.close());

describe('the grants a role can hold', () => {
  it('cover every menu operation an endpoint requires, and every such entry is in the menu catalogue', () => {
    const grants = new Set(everyGrant);
    for (const [name, e] of menuEndpoints) for (const g of keysOf(e)) expect(grants.has(g), `${name} ${g}`).toBe(true);
  });

  it('give each entry its view operation and only operations of OPS', () => {
    for (const [key, ops] of Object.entries(menuOps())) {
      expect(ops[0], key).toBe('view');
      for (const op of ops) expect(OPS, key).toContain(op);
    }
  });
});

describe('every menu endpoint', () => {
  it('refuses a role holding every grant but those it accepts, and lets a role with any one of them past the check', async () => {
    const without = new Map<string, Person>();
    const only = new Map<string, Person>();
    for (const [, e] of menuEndpoints) {
      const accepted = keysOf(e);
      const set = accepted.join(' ');
      if (!without.has(set))
        without.set(
          set,
          await t.addMember(
            owner.renterId,
            everyGrant.filter((x) => !accepted.includes(x)),
            { exact: true },
          ),
        );
      // View comes with any operation: the console never grants edit without it.
      for (const g of accepted)
        if (!only.has(g)) only.set(g, await t.addMember(owner.renterId, [...new Set([g.split(':')[0], g])], { exact: true }));
    }
    for (const [name, e] of menuEndpoints) {
      const accepted = keysOf(e);
      const refused = await t.call(e.path, {}, without.get(accepted.join(' '))?.token);
      expect(refused.body, `${name} without ${accepted.join(', ')}`).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
      for (const g of accepted) expect(await codeOf(e, only.get(g)?.token ?? ''), `${name} with ${g}`).not.toBe(1003);
    }
    // Two members per grant are registered: slow on a busy machine.
  }, 180_000);
});

describe('owner-only endpoints', () => {
  it('refuse a member holding every grant', async () => {
    const all = await t.addMember(owner.renterId, everyGrant, { exact: true });
    for (const [name, e] of endpoints.filter(([, x]) => x.permission === 'owner')) {
      const r = await t.call(e.path, {}, all.token);
      expect(r.body, name).toMatchObject({ code: 1003, msg: '仅企业所有者可以执行此操作' });
    }
  });
});

describe('enterprise endpoints', () => {
  it('refuse a logged-in user who has not chosen an enterprise', async () => {
    const token = await t.registerUser('13900002222');
    for (const [name, e] of endpoints.filter(([, x]) => !x.actor && x.permission !== 'public' && x.permission !== 'session')) {
      const r = await t.call(e.path, {}, token);
      expect(r.body, name).toMatchObject({ code: 1003, msg: '请先选择企业' });
    }
  });

  it('answer 401 without a token, all but the public calls', async () => {
    for (const [name, e] of endpoints.filter(([, x]) => !x.actor && x.permission !== 'public')) {
      const res = await t.app.inject({ method: e.method, url: e.path, ...(e.method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, name).toBe(401);
    }
  });
});
