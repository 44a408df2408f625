import { describe, expect, it } from 'vitest';
import { menuNode } from '@/shared/test-utils';
import { resolveAccess } from './access';

const node = menuNode;

const menu = [
  node('overview', '/dashboard', [node('overview.home', '/dashboard', [node('dashboard', '/dashboard'), node('profile', '/profile')])]),
  node('apps', '/erp', [node('erp', '/erp', [], { purchase: 2, appid: 'erp-app' })]),
  node('hidden', '/hidden-parent', [node('edit', '/EditThing', [], { isshow: false })]),
];
const screens = new Set(['/dashboard', '/profile', '/EditThing']);
const base = { search: '', hasToken: true, hasEnterprise: true, menu, screens };

describe('access rules (spec 000 §2.1)', () => {
  it('lets public routes through without a token', () => {
    expect(resolveAccess({ ...base, hasToken: false, pathname: '/Register' })).toEqual({ kind: 'public' });
  });

  it('sends a tokenless visit to login with the full target as redirect', () => {
    expect(resolveAccess({ ...base, hasToken: false, pathname: '/profile', search: '?a=1' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fprofile%3Fa%3D1',
    });
  });

  it('sends /403 and /404 without a token to login with no redirect query', () => {
    expect(resolveAccess({ ...base, hasToken: false, pathname: '/404' })).toEqual({ kind: 'redirect', to: '/login' });
    expect(resolveAccess({ ...base, hasToken: false, pathname: '/403' })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends / to the first menu route, or /403 with an empty menu', () => {
    expect(resolveAccess({ ...base, pathname: '/' })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveAccess({ ...base, menu: [], pathname: '/' })).toEqual({ kind: 'redirect', to: '/403' });
  });

  it('sends unknown paths and menu paths without a screen to /404', () => {
    expect(resolveAccess({ ...base, pathname: '/no-such-page' })).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('sends an entry whose app is not bought to the app market with its app id', () => {
    expect(resolveAccess({ ...base, pathname: '/erp' })).toEqual({ kind: 'redirect', to: '/appmarket/appdesc?appid=erp-app' });
  });

  it('opens a hidden route that the menu returned', () => {
    const r = resolveAccess({ ...base, pathname: '/EditThing' });
    expect(r.kind).toBe('page');
  });

  it('opens a menu page with its trail for the breadcrumb', () => {
    const r = resolveAccess({ ...base, pathname: '/profile' });
    expect(r.kind === 'page' && r.trail.map((n) => n.key)).toEqual(['overview', 'overview.home', 'profile']);
  });

  it('sends a user without an enterprise to choose one', () => {
    expect(resolveAccess({ ...base, hasEnterprise: false, pathname: '/dashboard' })).toEqual({ kind: 'redirect', to: '/SelectCustomesr' });
  });
});
