import { contract } from '@contract/index';
import { describe, expect, it } from 'vitest';
import { canCall, canDo } from './use-can';

describe('canDo', () => {
  const clerk = { isOwner: false, expired: false, grants: ['Goodlist', 'Goodlist:edit', 'Unit'] };

  it('allows what the role grants: the entry for view, key:op for the others', () => {
    expect(canDo(clerk, 'Goodlist', 'view')).toBe(true);
    expect(canDo(clerk, 'Goodlist', 'edit')).toBe(true);
    expect(canDo(clerk, 'Goodlist', 'delete')).toBe(false);
    expect(canDo(clerk, 'Unit', 'edit')).toBe(false);
    expect(canDo(clerk, 'Catelist', 'view')).toBe(false);
  });

  it('lets the owner do everything, and nobody change data of an expired enterprise', () => {
    expect(canDo({ isOwner: true, expired: false, grants: [] }, 'Catelist', 'delete')).toBe(true);
    const expired = { isOwner: true, expired: true, grants: [] };
    expect(canDo(expired, 'Goodlist', 'view')).toBe(true);
    expect(canDo(expired, 'Goodlist', 'export')).toBe(true);
    expect(canDo(expired, 'Goodlist', 'edit')).toBe(false);
  });

  it('allows nothing before the user info arrives', () => {
    expect(canDo(undefined, 'Goodlist', 'view')).toBe(false);
  });
});

describe('canCall', () => {
  const upload = contract.files.UpLoadToDir.permission;
  const role = (grants: string[]) => ({ isOwner: false, expired: false, grants });

  it('lets the image uploads through with the 素材库 edit or an image screen edit grant, not with views', () => {
    expect(canCall(role(['Goodlist']), upload)).toBe(false);
    expect(canCall(role(['material']), upload)).toBe(false);
    expect(canCall(role(['Goodlist', 'Goodlist:edit']), upload)).toBe(true);
    expect(canCall(role(['material', 'material:edit']), upload)).toBe(true);
    expect(canCall(role(['material', 'material:delete']), contract.files.DelFile.permission)).toBe(true);
    expect(canCall(role(['Goodlist', 'Goodlist:edit']), contract.files.DelFile.permission)).toBe(false);
  });
});
