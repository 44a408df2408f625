// Small pieces the order pages share: a confirm dialog, a page head with a back arrow, goods line, money figure rows.
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { errMsg } from '../api';
import { Link } from '../router';
import { Empty, Pic, Skeleton } from '../shop/shop-frame';
import { toast, yuan } from '../ui';

/** Asks before a step that cannot be undone (取消订单, 确认收货, 删除). */
export function ConfirmDialog({
  title,
  text,
  okText = '确定',
  busy,
  onOk,
  onCancel,
}: {
  title: string;
  text?: string;
  okText?: string;
  busy?: boolean;
  onOk: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="s-dialog-mask" role="presentation">
      <div className="s-dialog" role="alertdialog" aria-modal="true" aria-label={title}>
        <p className="s-dialog-title">{title}</p>
        {text ? <p className="s-dialog-text">{text}</p> : null}
        <div className="s-dialog-btns">
          <button type="button" onClick={onCancel} disabled={busy}>
            取消
          </button>
          <button type="button" className="ok" onClick={onOk} disabled={busy}>
            {busy ? '请稍候…' : okText}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The page's title bar: back (history, else the given page) and the title. */
export function PageHead({ title, back }: { title: string; back: string }) {
  return (
    <header className="s-head">
      <button
        type="button"
        className="s-head-back"
        aria-label="返回"
        onClick={() => {
          if (history.length > 1) history.back();
          else location.assign(back);
        }}
      >
        ‹
      </button>
      <h1>{title}</h1>
    </header>
  );
}

/** One goods line: picture, title, spec, price × qty; `extra` on the right below (a stepper, a note). */
export function GoodsLine({
  line,
  extra,
}: {
  line: { title: string; image: string; skuText: string; price: number; qty: number };
  extra?: ReactNode;
}) {
  return (
    <div className="s-line">
      <Pic className="s-line-pic" src={line.image} alt={line.title} />
      <div className="s-line-body">
        <p className="s-line-title">{line.title}</p>
        {line.skuText ? <p className="s-line-sku">{line.skuText}</p> : null}
        <div className="s-line-foot">
          <span className="s-price">{yuan(line.price)}</span>
          {extra ?? <span className="muted">×{line.qty}</span>}
        </div>
      </div>
    </div>
  );
}

/** Label … figure rows (商品金额, 优惠, 运费, 实付). */
export function Figures({ rows }: { rows: [label: string, value: string, strong?: boolean][] }) {
  return (
    <div className="s-box s-figures">
      {rows.map(([label, value, strong]) => (
        <div key={label} className={`s-fig${strong ? ' strong' : ''}`}>
          <span>{label}</span>
          <span>{value}</span>
        </div>
      ))}
    </div>
  );
}

/** A step with its toast: busy while it runs, the server's refusal toasted, `after` (a reload) once it is done. */
export function useAction(after: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const act = async (what: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await what();
      toast(done);
      await after();
      return true;
    } catch (e) {
      toast(errMsg(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, act };
}

/** What a page reads (an order, a request): read when `read` changes and again by `load()`; `failed` is the refusal. */
export function useLoaded<T>(read: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState('');
  const load = useCallback(async () => {
    try {
      setData(await read());
      setFailed('');
    } catch (e) {
      setFailed(errMsg(e));
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, failed, load };
}

/** A detail page before its data: the refusal with a way back to its list, or the skeleton while it loads. */
export function NotLoaded({ failed, title, back, backText }: { failed: string; title: string; back: string; backText: string }) {
  return failed ? (
    <main className="s-page">
      <PageHead title={title} back={back} />
      <Empty title={failed}>
        <Link to={back} className="s-btn-line">
          {backText}
        </Link>
      </Empty>
    </main>
  ) : (
    <Skeleton rows={6} />
  );
}

/** A history, newest first (订单进度, 协商历史): each step with who took it, its note and its time. */
export function StepList({ title, steps }: { title: string; steps: { action: string; by: string; note: string; time: string }[] }) {
  if (steps.length === 0) return null;
  return (
    <section className="s-box" aria-label={title}>
      <h2 className="s-section">{title}</h2>
      <ol className="s-timeline">
        {steps
          .map((t, i) => ({ t, key: `${i}:${t.time}` }))
          .reverse()
          .map(({ t, key }) => (
            <li key={key}>
              <p>
                {t.action}
                <span className="muted small"> · {t.by}</span>
              </p>
              {t.note ? <p className="muted small">{t.note}</p> : null}
              <p className="muted small">{t.time}</p>
            </li>
          ))}
      </ol>
    </section>
  );
}
