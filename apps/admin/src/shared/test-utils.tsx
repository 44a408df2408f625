import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement } from 'react';

/** Renders the way the console does: antd in Chinese, messages held by <App> so each test unmounts its own. */
export function renderZh(ui: ReactElement) {
  return render(
    <ConfigProvider locale={zhCN}>
      <App>{ui}</App>
    </ConfigProvider>,
  );
}
