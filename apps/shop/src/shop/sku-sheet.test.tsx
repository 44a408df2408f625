import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Choice, Sku } from './sku';
import { SkuSheet, type SkuSheetGoods } from './sku-sheet';

const sku = (颜色: string, 尺码: string, price: number, stock: number): Sku => ({
  skuId: `${颜色}${尺码}`,
  specValues: { 颜色, 尺码 },
  price,
  originalPrice: price,
  stock,
});
const goods: SkuSheetGoods = {
  title: '纯棉T恤',
  mainImage: '',
  specs: [
    { name: '颜色', values: ['红', '黑'] },
    { name: '尺码', values: ['S', 'M'] },
  ],
  skus: [sku('红', 'S', 59, 2), sku('红', 'M', 59, 0), sku('黑', 'S', 69, 5), sku('黑', 'M', 69, 1)],
  purchaseLimit: 3,
};

function Sheet({ onConfirm }: { onConfirm?: (skuId: string, qty: number) => void }) {
  const [choice, setChoice] = useState<Choice>({});
  return <SkuSheet goods={goods} choice={choice} onChoice={setChoice} confirmText="立即购买" onConfirm={onConfirm} onClose={() => {}} />;
}

const value = (name: string) => screen.getByRole('button', { name });
const qty = () => (screen.getByLabelText('数量') as HTMLInputElement).value;

describe('the SKU sheet', () => {
  it('disables values without stock, shows the chosen SKU’s price and stock', () => {
    render(<Sheet onConfirm={() => {}} />);
    expect(screen.getByLabelText('价格').textContent).toBe('¥59.00 - ¥69.00');
    expect(screen.getByLabelText('库存').textContent).toBe('请选择 颜色 尺码');
    fireEvent.click(value('红'));
    expect(value('M')).toHaveProperty('disabled', true);
    expect(value('S')).toHaveProperty('disabled', false);
    fireEvent.click(value('S'));
    expect(screen.getByLabelText('价格').textContent).toBe('¥59.00');
    expect(screen.getByLabelText('库存').textContent).toBe('库存 2 件');
  });

  it('keeps the quantity within the stock and the purchase limit, and hands the SKU and quantity over', () => {
    const onConfirm = vi.fn();
    render(<Sheet onConfirm={onConfirm} />);
    fireEvent.click(value('黑'));
    fireEvent.click(value('S')); // stock 5, limit 3
    const plus = screen.getByRole('button', { name: '增加' });
    for (let i = 0; i < 6; i++) fireEvent.click(plus);
    expect(qty()).toBe('3');
    expect(plus).toHaveProperty('disabled', true);
    expect(screen.getByText('每人限购 3 件')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '99' } });
    expect(qty()).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: '减少' }));
    expect(qty()).toBe('2');
    // 黑M: one left, so the stock bounds it below the limit.
    fireEvent.click(value('M'));
    expect(qty()).toBe('1');
    expect(screen.getByRole('button', { name: '增加' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    expect(onConfirm).toHaveBeenCalledWith('黑M', 1);
  });

  it('says 即将开放 when no checkout is wired, and cannot confirm before a SKU is chosen', () => {
    const { unmount } = render(<Sheet />);
    expect(screen.getByRole('button', { name: '即将开放' })).toHaveProperty('disabled', true);
    unmount();
    render(<Sheet onConfirm={() => {}} />);
    expect(screen.getByRole('button', { name: '立即购买' })).toHaveProperty('disabled', true);
  });
});
