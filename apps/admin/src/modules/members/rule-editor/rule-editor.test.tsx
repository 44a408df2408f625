import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '@/shared/test-utils';
import { RuleEditor } from './rule-editor';
import { type RuleDraft, toRule } from './rule-draft';

const count = vi.fn(async (_q: { rule: unknown }) => ({ count: 42 }));
vi.mock('@/api/client', () => ({
  api: {
    memberGroups: {
      CountRule: (q: { rule: unknown }) => count(q),
      RuleOptions: async () => ({ levels: [{ id: 'l1', name: '黄金', needpay: 0 }], tags: [], cards: [] }),
    },
  },
}));

function Harness({ initial }: { initial: RuleDraft }) {
  const [rule, setRule] = useState(initial);
  const checked = useMemo(() => toRule(rule), [rule]);
  return <RuleEditor value={rule} onChange={setRule} checked={checked} />;
}

function renderEditor(initial: RuleDraft) {
  renderWithQuery(<Harness initial={initial} />);
}

describe('RuleEditor', { timeout: 60_000 }, () => {
  it('counts a complete rule live and shows the count', async () => {
    renderEditor({ op: 'and', items: [{ field: 'spend', min: 100 }] });
    expect(await screen.findByText('42', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText(/当前符合条件的会员/)).toBeTruthy();
    expect(count).toHaveBeenLastCalledWith({ rule: { op: 'and', items: [{ field: 'spend', min: 100 }] } });
  });

  it('shows a row’s message and does not count an incomplete rule', async () => {
    count.mockClear();
    renderEditor({ op: 'and', items: [{ field: 'spend' }] });
    expect(await screen.findByText('请填写范围')).toBeTruthy();
    expect(screen.getByText('条件填写完整后统计人数')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '删除条件' }));
    await waitFor(() => expect(screen.getByText('请添加条件')).toBeTruthy());
    expect(count).not.toHaveBeenCalled();
  });
});
