import type { MenuDef } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu';

const DEFS: MenuDef[] = [
  {
    key: 'g',
    name: '商品',
    children: [
      {
        key: 'g.manage',
        name: '商品管理',
        children: [
          { key: 'list', name: '列表', path: '/list' },
          { key: 'edit', name: '编辑', path: '/edit', hidden: true, under: 'list' },
          { key: 'mine', name: '我的', path: '/mine', always: true },
          { key: 'trans', name: '转让', path: '/trans', ownerOnly: true },
          { key: 'erp', name: '对接', path: '/erp', app: 'erp' },
        ],
      },
    ],
  },
];
const leaves = (g: Parameters<typeof buildMenu>[0]) => buildMenu(g, DEFS)[0]?.children[0]?.children.map((n) => n.key) ?? [];

describe('buildMenu', () => {
  it('gives a page under an entry with that entry, and never on its own', () => {
    expect(leaves({ isOwner: false, grants: new Set(['list']), apps: new Set() })).toEqual(['list', 'edit', 'mine']);
    expect(leaves({ isOwner: false, grants: new Set(['edit']), apps: new Set() })).toEqual(['mine']);
  });

  it('gives owner-only entries to the owner alone, whatever a role grants', () => {
    expect(leaves({ isOwner: false, grants: new Set(['trans']), apps: new Set() })).toEqual(['mine']);
    expect(leaves({ isOwner: true, grants: new Set(), apps: new Set() })).toEqual(['list', 'edit', 'mine', 'trans', 'erp']);
  });

  it('marks an entry whose app is not bought with purchase 2', () => {
    const menu = (apps: string[]) => buildMenu({ isOwner: true, grants: new Set(), apps: new Set(apps) }, DEFS)[0].children[0].children;
    expect(menu([]).find((n) => n.key === 'erp')).toMatchObject({ purchase: 2, appid: 'erp' });
    expect(menu(['erp']).find((n) => n.key === 'erp')).toMatchObject({ purchase: 1 });
  });
});
