import { PAY_SANDBOX_NOTICE } from '@contract/index';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { api } from '@/api/client';

/** Whether payments go to the sandbox: asked once per console load (the provider changes only with a restart). */
export function usePaySandbox(): boolean {
  const q = useQuery({
    queryKey: ['billing', 'payEnv'],
    queryFn: () => api.billing.GetPayEnv(undefined, { quiet: true, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return q.data?.sandbox === true;
}

/**
 * 当前为支付沙箱环境，付款不会真实扣款: on every payment screen (buy dialog, 支付方式, 表单订单) while the sandbox is the
 * payment provider, in development and when production enables it (PAY_SANDBOX_ENABLED=1). Nothing otherwise.
 */
export function PaySandboxNotice({ style }: { style?: CSSProperties }) {
  if (!usePaySandbox()) return null;
  return <Alert type="warning" showIcon message={PAY_SANDBOX_NOTICE} style={{ marginBottom: 16, ...style }} />;
}
