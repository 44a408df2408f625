import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderZh } from './test-utils';
import { preventEnterSubmit, UNSAVED_TEXT, useUnsavedGuard } from './use-unsaved-guard';

function Editor({ onSave }: { onSave?: () => void }) {
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  return (
    <Form onValuesChange={() => setDirty(true)} onFinish={onSave} onKeyDown={preventEnterSubmit}>
      <Form.Item name="title">
        <Input aria-label="名称" />
      </Form.Item>
      <Link to="/list">列表</Link>
      <button type="submit">保存</button>
    </Form>
  );
}

function renderAt(onSave?: () => void) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor onSave={onSave} /> },
      { path: '/list', element: <p>列表页</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  renderZh(<RouterProvider router={router} />);
  return router;
}

describe('useUnsavedGuard', () => {
  it('lets an untouched page go without asking', async () => {
    const router = renderAt();
    fireEvent.click(screen.getByText('列表'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(screen.queryByText(UNSAVED_TEXT)).toBeNull();
  });

  it('asks before leaving with unsaved changes: 留下 stays, 离开 goes', { timeout: 20_000 }, async () => {
    const router = renderAt();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '改了' } });
    fireEvent.click(screen.getByText('列表'));
    expect(await screen.findByText(UNSAVED_TEXT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit');
    fireEvent.click(screen.getByRole('button', { name: /留\s*下/ }));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/edit');

    fireEvent.click(screen.getByText('列表'));
    await waitFor(() => expect(screen.getAllByText(UNSAVED_TEXT)).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: /离\s*开/ }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
  });

  it('holds closing or reloading the tab (beforeunload) only while there are unsaved changes', () => {
    renderAt();
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '改了' } });
    expect(unload()).toBe(true);
  });
});

describe('preventEnterSubmit', () => {
  it('keeps Enter in an input from submitting the form', async () => {
    const onSave = vi.fn();
    renderAt(onSave);
    const input = screen.getByLabelText('名称');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });
});
