import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderZh } from '../test-utils';
import { Pager } from './pagination';

describe('Pager', () => {
  it('shows the total in Chinese', () => {
    renderZh(<Pager total={25} pageIndex={1} pageSize={10} />);
    expect(screen.getByText('共有 25 条')).toBeTruthy();
  });

  it('marks an estimated total of a very large list with 约', () => {
    renderZh(<Pager total={200005} estimated pageIndex={1} pageSize={20} />);
    expect(screen.getByText('共有约 200005 条')).toBeTruthy();
  });

  it('reaches the first 10,000 rows of a very large list and no further', async () => {
    const onChange = vi.fn();
    renderZh(<Pager total={200005} estimated pageIndex={1} pageSize={20} onChange={onChange} />);
    expect(screen.getByText('共有约 200005 条')).toBeTruthy();
    expect(screen.getByTitle('500')).toBeTruthy();
    expect(screen.queryByTitle('10001')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: '跳至页码' }), '600{Enter}');
    expect(onChange).toHaveBeenCalledWith(500, 20);
    expect(await screen.findByText('对不起，您输的页码数600超出了范围')).toBeTruthy();
  });

  it('shows only the total when everything fits on one page', () => {
    renderZh(<Pager total={10} pageIndex={1} pageSize={10} />);
    expect(screen.getByText('共有 10 条')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByRole('textbox', { name: '跳至页码' })).toBeNull();
  });

  it('lists the pages once the total exceeds the page size', () => {
    renderZh(<Pager total={25} pageIndex={1} pageSize={10} />);
    expect(screen.getByTitle('3')).toBeTruthy();
    expect(screen.queryByTitle('4')).toBeNull();
  });

  it('jumps to the last page and warns when the typed page is past the end', async () => {
    const onChange = vi.fn();
    renderZh(<Pager total={25} pageIndex={1} pageSize={10} onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: '跳至页码' }), '999{Enter}');
    expect(onChange).toHaveBeenCalledWith(3, 10);
    expect(await screen.findByText('对不起，您输的页码数999超出了范围')).toBeTruthy();
  });

  it('jumps to a typed page in range without a warning', async () => {
    const onChange = vi.fn();
    renderZh(<Pager total={25} pageIndex={1} pageSize={10} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: '跳至页码' });
    await userEvent.type(input, '2{Enter}');
    expect(onChange).toHaveBeenCalledWith(2, 10);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/超出了范围/)).toBeNull();
  });

  it('keeps letters out of the go-to input', async () => {
    renderZh(<Pager total={25} pageIndex={1} pageSize={10} />);
    const input = screen.getByRole('textbox', { name: '跳至页码' });
    await userEvent.type(input, 'a2b');
    expect((input as HTMLInputElement).value).toBe('2');
  });

  it('reports the clicked page with the page size', async () => {
    const onChange = vi.fn();
    renderZh(<Pager total={25} pageIndex={1} pageSize={10} onChange={onChange} />);
    await userEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(2, 10);
  });

  it('moves its own current page when the parent does not control it', async () => {
    renderZh(<Pager total={45} />);
    const page = (title: string) => screen.getByTitle(title);
    expect(page('1').className).toContain('ant-pagination-item-active');
    await userEvent.type(screen.getByRole('textbox', { name: '跳至页码' }), '4{Enter}');
    expect(page('4').className).toContain('ant-pagination-item-active');
    expect(page('1').className).not.toContain('ant-pagination-item-active');
  });

  it('reports a new page size from the size changer', async () => {
    const onChange = vi.fn();
    renderZh(<Pager total={95} pageIndex={1} pageSize={10} onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('50 条/页'));
    expect(onChange).toHaveBeenCalledWith(1, 50);
  });

  it('starts with 10 rows per page by default', () => {
    renderZh(<Pager total={15} />);
    expect(screen.getByText('10 条/页')).toBeTruthy();
  });
});
