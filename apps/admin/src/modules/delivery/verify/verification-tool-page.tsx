import { App, Button, Card, Form, Input, type InputRef, Result, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { yuan } from '@/shared/money';
import { useCheckVerifyCode, useTakeVerifyCode } from '../delivery.queries';
import { type VerifyMatch, VerifyCard } from './verify-card';

/**
 * 核销工具 (/verificationTool): one input for a typed or scanned code (a scanner types it and presses Enter) → what it
 * opens (a pick-up order, a form order, or both when their codes are the same) → 确认核销 → 继续核销.
 */
export default function VerificationToolPage() {
  const { message } = App.useApp();
  const can = useCan();
  const canTake = can('verificationTool', 'edit');
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const check = useCheckVerifyCode();
  const takeCode = useTakeVerifyCode();
  const [matches, setMatches] = useState<VerifyMatch[] | null>(null);
  const [done, setDone] = useState<VerifyMatch | null>(null);

  useEffect(() => {
    if (!done) input.current?.focus();
  }, [done]);

  const look = async () => {
    const c = code.trim();
    if (!c) return setError('请输入核销码');
    try {
      const d = await check.mutateAsync(c);
      setMatches(d.matches);
      setError('');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setMatches(null);
      setError(e.message);
    }
  };

  const take = async (m: VerifyMatch) => {
    try {
      setDone(await takeCode.mutateAsync({ code: m.code, kind: m.kind }));
      message.success('核销成功');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      message.error(e.message);
      await look();
    }
  };

  const again = () => {
    setDone(null);
    setMatches(null);
    setCode('');
    setError('');
  };

  if (done)
    return (
      <Card title="核销工具">
        <Result
          status="success"
          title="核销成功"
          subTitle={`${done.kindText} ${done.orderNo}${done.kind === 'form' ? ` · ${done.formName}` : ''} · 实付 ${yuan(done.amount)}`}
          extra={[
            <Button type="primary" size="large" key="again" onClick={again} autoFocus>
              继续核销
            </Button>,
            done.kind === 'pickup' && can('GoodsOrderList', 'view') ? (
              <Link key="open" to={`/GoodsOrderDetail?id=${done.id}`}>
                查看订单
              </Link>
            ) : done.kind === 'form' && can('FormOrderList', 'view') ? (
              <Link key="open" to={`/FormOrderDetail?id=${done.id}`}>
                查看订单
              </Link>
            ) : null,
          ]}
        />
      </Card>
    );

  return (
    <Card title="核销工具">
      <Typography.Paragraph type="secondary">
        输入或扫描顾客出示的核销码：自提订单的提货码、表单订单的核销码（8位数字）。优惠券、次卡核销将在开通后支持。
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={look} style={{ maxWidth: 640 }}>
        <Form.Item validateStatus={error ? 'error' : undefined} help={error || undefined}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              ref={input}
              size="large"
              autoFocus
              allowClear
              placeholder="请输入或扫描核销码"
              aria-label="核销码"
              value={code}
              maxLength={40}
              onChange={(e) => {
                setCode(e.target.value);
                setError('');
                setMatches(null);
              }}
              onPressEnter={(e) => {
                e.preventDefault();
                look();
              }}
            />
            <Button size="large" type="primary" htmlType="submit" loading={check.isPending}>
              查询
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {matches && matches.length > 1 && (
        <Typography.Paragraph type="warning">该核销码对应多个订单，请核对后选择要核销的订单。</Typography.Paragraph>
      )}
      {matches?.map((m) => (
        <VerifyCard
          key={`${m.kind}-${m.id}`}
          m={m}
          busy={takeCode.isPending && takeCode.variables?.kind === m.kind}
          canTake={canTake}
          onTake={take}
        />
      ))}
    </Card>
  );
}
