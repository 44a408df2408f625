import { Button, Result } from 'antd';

export type ExceptionStatus = 403 | 404 | 500;

export const EXCEPTION_TEXTS: Record<ExceptionStatus, string> = {
  403: '抱歉，你无权访问该页面',
  404: '抱歉，你访问的页面不存在或仍在开发中',
  500: '抱歉，服务器出错了',
};

export interface ExceptionPageProps {
  status: ExceptionStatus;
  onHome: () => void;
}

export function ExceptionPage({ status, onHome }: ExceptionPageProps) {
  return (
    <Result
      status={status}
      title={status}
      subTitle={EXCEPTION_TEXTS[status]}
      extra={
        <Button type="primary" onClick={onHome}>
          返回首页
        </Button>
      }
    />
  );
}
