import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errMsg, type FormInfo, h5api, type SubmitNum, type SubmitResult } from './api';
import { Field } from './fields';
import { OrderView } from './order-view';
import { type KeptOrder, keepOrder } from './storage';
import { clearToast, minutes, Result, toast, yuan } from './ui';
import { type Answer, type Answers, checkAll, checkField, fieldOfMessage, toPayload } from './validate';

interface Props {
  formId: string;
  /** The visitor's last order of this form (kept in the browser, or just back from paying). */
  initialOrder: KeptOrder | null;
}

/** The public fill page of one form: its header, then the form, the order of a paid submission, or a refusal. */
export function FormPage({ formId, initialOrder }: Props) {
  const [info, setInfo] = useState<FormInfo | null>(null);
  const [infoError, setInfoError] = useState('');
  const [loading, setLoading] = useState(true);
  const [num, setNum] = useState<SubmitNum | null>(null);
  const [order, setOrder] = useState<KeptOrder | null>(initialOrder);
  const [done, setDone] = useState<SubmitResult | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitError, setSubmitError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(new Set<string>());
  const [, setBusyTick] = useState(0);

  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoading(true);
      const [i, n] = await Promise.allSettled([h5api.info({ id: formId }), h5api.submitNum({ id: formId })]);
      if (i.status === 'fulfilled') {
        setInfo(i.value);
        setInfoError('');
        document.title = i.value.formName;
      } else {
        setInfo(null);
        setInfoError(errMsg(i.reason));
      }
      setNum(n.status === 'fulfilled' ? n.value : null);
      setLoading(false);
    },
    [formId],
  );

  useEffect(() => {
    load();
  }, [load]);

  const setAnswer = (id: string, v: Answer) => {
    setAnswers((a) => ({ ...a, [id]: v }));
    setSubmitError('');
    // A field that shows a message is checked again as it changes.
    const f = info?.fields.find((x) => x.id === id);
    if (f && errors[id] !== undefined) {
      setErrors((e) => {
        const next = { ...e };
        const msg = checkField(f, v);
        if (msg) next[id] = msg;
        else delete next[id];
        return next;
      });
    }
  };

  const setBusy = (id: string, on: boolean) => {
    if (on) busy.current.add(id);
    else busy.current.delete(id);
    setBusyTick((n) => n + 1);
  };

  const scrollToField = (id: string) => document.getElementById(`field-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!info || submitting) return;
    if (busy.current.size > 0) {
      toast('图片上传中，请稍候');
      return;
    }
    const errs = checkAll(info.fields, answers);
    setErrors(errs);
    const first = info.fields.find((f) => errs[f.id]);
    if (first) {
      toast(errs[first.id]);
      scrollToField(first.id);
      return;
    }
    setSubmitting(true);
    setSubmitError('');
    try {
      const r = await h5api.create({ id: formId, answers: toPayload(info.fields, answers) });
      clearToast();
      setAnswers({});
      setErrors({});
      if (r.needPay === 1 && r.orderId) {
        const kept: KeptOrder = {
          orderId: r.orderId,
          orderNo: r.orderNo,
          qrCode: r.qr_code,
          total: r.total,
          formName: info.formName,
          at: new Date().toISOString(),
        };
        keepOrder(formId, kept);
        setOrder(kept);
      } else {
        setDone(r);
      }
      window.scrollTo(0, 0);
      load(true);
    } catch (err) {
      const msg = errMsg(err);
      setSubmitError(msg);
      toast(msg);
      const f = fieldOfMessage(info.fields, msg);
      if (f) {
        setErrors((x) => ({ ...x, [f.id]: msg }));
        scrollToField(f.id);
      } else if (err instanceof ApiError && err.code > 0) {
        // The form may have closed or filled up meanwhile: show its state as it is now.
        load(true);
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (loading && !info && !infoError) {
    return (
      <Shell>
        <div className="card">
          <p className="loading">加载中…</p>
        </div>
      </Shell>
    );
  }

  const perPersonFull = !!num && num.limit > 0 && num.left === 0;
  const canRefill = !!info && info.open && !perPersonFull;

  if (order) {
    return (
      <Shell>
        {info ? <Header info={info} num={num} compact /> : <TitleOnly name={order.formName} />}
        <OrderView
          key={order.orderId}
          formId={formId}
          order={order}
          canRefill={canRefill}
          onRefill={(clear) => {
            if (clear) keepOrder(formId, null);
            setOrder(null);
            load(true);
          }}
        />
      </Shell>
    );
  }

  if (!info) {
    return (
      <Shell>
        <div className="card">
          <Result tone="bad" title={infoError || '表单不存在或已失效'}>
            <p className="muted">请联系商家获取新的表单链接</p>
          </Result>
          <button type="button" className="btn ghost" onClick={() => load()}>
            重新加载
          </button>
        </div>
      </Shell>
    );
  }

  if (done) {
    return (
      <Shell>
        <Header info={info} num={num} compact />
        <div className="card">
          <Result tone="ok" title="提交成功">
            <p className="muted">感谢您的填写</p>
            <p className="muted small">提交编号 {done.subNo}</p>
          </Result>
          {canRefill && (
            <button type="button" className="btn ghost" onClick={() => setDone(null)}>
              再填一份
            </button>
          )}
        </div>
      </Shell>
    );
  }

  const closedReason = !info.open ? info.reason : perPersonFull ? `每人最多提交${num?.limit}次，您已提交${num?.count}次` : '';
  return (
    <Shell>
      <Header info={info} num={num} />
      {closedReason ? (
        <div className="card">
          <ClosedNotice reason={closedReason} />
        </div>
      ) : (
        <form className="card form" onSubmit={submit} noValidate>
          {info.fields.map((f) => (
            <Field
              key={f.id}
              field={f}
              value={answers[f.id]}
              onChange={(v) => setAnswer(f.id, v)}
              error={errors[f.id] ?? ''}
              formId={formId}
              disabled={submitting}
              onBusy={(on) => setBusy(f.id, on)}
            />
          ))}
          {submitError && (
            <div className="submit-error" role="alert">
              {submitError}
            </div>
          )}
          <button type="submit" className="btn primary" disabled={submitting}>
            {submitting ? '提交中…' : info.needPay === 1 ? `提交并支付 ${yuan(info.price)}` : '提交'}
          </button>
        </form>
      )}
    </Shell>
  );
}

/** '表单尚未开始，开始时间：…' reads as a title and its detail. */
function ClosedNotice({ reason }: { reason: string }) {
  const [title, ...rest] = reason.split('，');
  return (
    <Result tone="info" title={title}>
      {rest.length > 0 && <p className="muted">{rest.join('，')}</p>}
    </Result>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <main className="page">{children}</main>;
}

function TitleOnly({ name }: { name: string }) {
  return name ? (
    <header className="card head">
      <h1 className="form-name">{name}</h1>
    </header>
  ) : null;
}

function timeWindow(start: string, end: string): string {
  if (start && end) return `${minutes(start)} 至 ${minutes(end)}`;
  if (start) return `${minutes(start)} 起`;
  if (end) return `截止 ${minutes(end)}`;
  return '';
}

/** Shop, cover, name, description, time window, places left, fee and the visitor's count. */
function Header({ info, num, compact = false }: { info: FormInfo; num: SubmitNum | null; compact?: boolean }) {
  const when = timeWindow(info.startTime, info.endTime);
  return (
    <header className="card head">
      {info.cover && !compact && <img className="cover" src={info.cover} alt="" />}
      {info.shopName && (
        <p className="shop">
          <span className="shop-mark" aria-hidden="true">
            {info.shopName.slice(0, 1)}
          </span>
          {info.shopName}
        </p>
      )}
      <h1 className="form-name">{info.formName}</h1>
      {!compact && info.description && <p className="desc">{info.description}</p>}
      {!compact && (
        <ul className="meta">
          {when && (
            <li>
              <span>时间</span>
              {when}
            </li>
          )}
          {info.left >= 0 && (
            <li>
              <span>名额</span>剩余 {info.left} 个
            </li>
          )}
          {info.needPay === 1 && (
            <li>
              <span>费用</span>
              <b className="price">{yuan(info.price)}</b>
              {info.needVerify && <em className="tag">到店核销</em>}
            </li>
          )}
          {num && num.limit > 0 && (
            <li data-testid="submit-count">
              <span>提交</span>您已提交 {num.count} 次（每人限 {num.limit} 次）
            </li>
          )}
        </ul>
      )}
    </header>
  );
}
