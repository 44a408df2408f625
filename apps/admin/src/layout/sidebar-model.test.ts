import { describe, expect, it } from 'vitest';
import { menuNode } from '@/shared/test-utils';
import { activeKeyOf } from './sidebar-model';

const list = menuNode('staffManagement', '/staffManagement');
const roles = menuNode('rolePermissions', '/rolePermissions');
const editJob = menuNode('editjob', '/editjob', [], { isshow: false, under: 'rolePermissions' });
const orphan = menuNode('orphan', '/orphan', [], { isshow: false });
const group = menuNode('shop.team', '/staffManagement', [list, roles, editJob, orphan]);
const top = menuNode('shop', '/staffManagement', [group]);

describe('activeKeyOf', () => {
  it('lights the open entry itself', () => {
    expect(activeKeyOf([top, group, roles])).toBe('rolePermissions');
  });

  it('lights the entry a hidden page belongs to, not merely the first one beside it', () => {
    expect(activeKeyOf([top, group, editJob])).toBe('rolePermissions');
  });

  it('falls back to the first visible entry for a hidden page that names none', () => {
    expect(activeKeyOf([top, group, orphan])).toBe('staffManagement');
  });

  it('lights nothing without a page', () => {
    expect(activeKeyOf([])).toBeUndefined();
  });
});
