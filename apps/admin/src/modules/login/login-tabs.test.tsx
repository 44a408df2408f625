import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LoginTabs } from './login-tabs';

function Card() {
  const [tab, setTab] = useState('pwd');
  return (
    <LoginTabs
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'pwd', label: '密码登录', children: <p>密码表单</p> },
        { key: 'sms', label: '验证码登录', children: <p>验证码表单</p> },
      ]}
    />
  );
}

describe('the login tabs', () => {
  it('show one panel at a time, switched by a click or the arrow keys', () => {
    render(<Card />);
    const pwd = screen.getByRole('tab', { name: '密码登录' });
    const sms = screen.getByRole('tab', { name: '验证码登录' });
    expect(pwd.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('密码表单');
    fireEvent.click(sms);
    expect(sms.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('验证码表单');
    // The hidden panel stays mounted (its form keeps its state).
    expect(screen.getByText('密码表单', { selector: 'p' })).toBeTruthy();
    fireEvent.keyDown(sms, { key: 'ArrowRight' });
    expect(pwd.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(pwd);
  });
});
