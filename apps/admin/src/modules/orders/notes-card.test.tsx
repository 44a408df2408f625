import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderZh } from '@/shared/test-utils';
import { NotesCard } from './notes-card';

describe('卖家备注 (every kind of order)', () => {
  it('edits the note in place, saves what was typed and shows 备注已保存', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    renderZh(<NotesCard note="老客户" canEdit saving={false} save={save} />);
    expect(screen.getByText('老客户')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    fireEvent.change(screen.getByLabelText('卖家备注'), { target: { value: '老客户，送小样' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.getByText('备注已保存')).toBeTruthy());
    expect(save).toHaveBeenCalledWith('老客户，送小样');
    expect(screen.queryByLabelText('卖家备注')).toBeNull();
  });

  it('keeps the editor open when the save is refused, and 取消 leaves the note as it was', async () => {
    const save = vi.fn().mockRejectedValue(new Error('备注不能超过500个字'));
    renderZh(<NotesCard note="" canEdit saving={false} save={save} />);
    expect(screen.getByText('暂无备注')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    fireEvent.change(screen.getByLabelText('卖家备注'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(screen.getByLabelText('卖家备注')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(screen.getByText('暂无备注')).toBeTruthy();
  });

  it('offers no 编辑 to those who may not edit orders', () => {
    renderZh(<NotesCard note="老客户" canEdit={false} saving={false} save={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
