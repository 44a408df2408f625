import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div style={{ padding: 80, textAlign: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
