import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ExceptionPage } from './exception';

describe('ExceptionPage', () => {
  it.each([
    [403, '抱歉，你无权访问该页面'],
    [404, '抱歉，你访问的页面不存在或仍在开发中'],
    [500, '抱歉，服务器出错了'],
  ] as const)('shows the %i text', (status, text) => {
    render(<ExceptionPage status={status} onHome={() => {}} />);
    expect(screen.getByText(String(status))).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('goes home from the button', async () => {
    const onHome = vi.fn();
    render(<ExceptionPage status={404} onHome={onHome} />);
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(onHome).toHaveBeenCalledOnce();
  });
});
