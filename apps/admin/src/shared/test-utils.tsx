import type { MenuNode } from '@contract/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';

/** Renders the way the console does: antd in Chinese, messages held by <App> so each test unmounts its own. */
export function renderZh(ui: ReactElement) {
  return render(
    <ConfigProvider locale={zhCN}>
      <App>{ui}</App>
    </ConfigProvider>,
  );
}

/** renderZh with a fresh query client that does not retry: a screen using the API's queries. */
export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderZh(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** renderWithQuery of the given routes, opened at `path` (with its ?query). */
export function renderRoutes(routes: RouteObject[], path: string) {
  return renderWithQuery(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

/** A menu node as the server sends it, for tests: shown, bought, with the given children. */
export function menuNode(key: string, path: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id: key,
    key,
    name: key,
    path,
    icon: '',
    is_parent: children.length > 0,
    childshow: children.some((c) => c.isshow),
    isshow: true,
    prentids: '',
    purchase: 1,
    appid: '',
    under: '',
    children,
    ...extra,
  };
}
