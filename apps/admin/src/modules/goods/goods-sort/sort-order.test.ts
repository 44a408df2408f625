import { describe, expect, it } from 'vitest';
import { moveItem, orderChanged, placesOf } from './sort-order';

describe('goods sort order', () => {
  const rows = ['a', 'b', 'c', 'd'].map((id) => ({ id }));

  it('moves one row and numbers the page by its places in the whole order', () => {
    const moved = moveItem(rows, 3, 1);
    expect(moved.map((r) => r.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(placesOf(moved, 3, 4)).toEqual([
      { id: 'a', sort: 9 },
      { id: 'd', sort: 10 },
      { id: 'b', sort: 11 },
      { id: 'c', sort: 12 },
    ]);
  });

  it('tells a changed order from the loaded one', () => {
    expect(orderChanged(rows, [...rows])).toBe(false);
    expect(orderChanged(rows, moveItem(rows, 0, 1))).toBe(true);
  });
});
