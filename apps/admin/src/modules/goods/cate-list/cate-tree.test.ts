import type { GoodsTypeNode } from '@contract/index';
import { describe, expect, it } from 'vitest';
import { countNodes, findNode, moveItem, parentIds, siblingsOf, sortBodyOf, toTreeSelect } from './cate-tree';

const node = (id: string, children?: GoodsTypeNode[], status = 1): GoodsTypeNode => ({
  id,
  name: id.toUpperCase(),
  parentId: null,
  level: 1,
  icon: '',
  sort: 0,
  status,
  goodsCount: 0,
  createTime: '',
  ...(children ? { children } : {}),
});

const TREE = [node('a', [node('a1'), node('a2', [node('a2x')]), node('a3')]), node('b', undefined, 0)];

describe('category tree helpers', () => {
  it('finds the siblings of a category at any level, and its place', () => {
    expect(siblingsOf(TREE, 'b')).toMatchObject({ index: 1 });
    const inner = siblingsOf(TREE, 'a3');
    expect(inner?.siblings.map((n) => n.id)).toEqual(['a1', 'a2', 'a3']);
    expect(inner?.index).toBe(2);
    expect(siblingsOf(TREE, 'zz')).toBeNull();
  });

  it('reorders siblings into the sort body 1, 2, 3', () => {
    const { siblings } = siblingsOf(TREE, 'a1')!;
    expect(sortBodyOf(moveItem(siblings, 2, 0))).toEqual([
      { id: 'a3', sort: 1 },
      { id: 'a1', sort: 2 },
      { id: 'a2', sort: 3 },
    ]);
  });

  it('lists the expandable rows and counts every node', () => {
    expect(parentIds(TREE)).toEqual(['a', 'a2']);
    expect(countNodes(TREE)).toBe(6);
    expect(findNode(TREE, 'a2x')?.name).toBe('A2X');
  });

  it('builds TreeSelect data without a category and its subtree, marking disabled ones', () => {
    expect(toTreeSelect(TREE, 'a2')).toEqual([
      {
        value: 'a',
        title: 'A',
        children: [
          { value: 'a1', title: 'A1' },
          { value: 'a3', title: 'A3' },
        ],
      },
      { value: 'b', title: 'B（已禁用）' },
    ]);
  });
});
