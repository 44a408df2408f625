// The buyer's after-sales (售后): apply for an order's goods, my requests, one request with its negotiation history,
// 撤销 and the return parcel. The server decides every rule (orders README "After-sales"); these pages show what it
// answers and send what the buyer chose.
import { useCallback, useEffect, useState } from 'react';
import { AFTER_SALE_STATUS as A, AFTER_SALE_IMAGES_MAX, AFTER_SALE_TYPE_TEXT } from '@contract/orders/after-sale-states';
import { ImagePicker } from '../image-picker';
import { EXPRESS_COMPANIES } from '@contract/orders/express-companies';
import { errMsg } from '../api';
import { Link, navigate } from '../router';
import { Empty, Skeleton } from '../shop/shop-frame';
import { Stepper } from '../shop/stepper';
import { toast, yuan } from '../ui';
import { type Member, MemberOnly } from './member-gate';
import { afterSaleApplyChecks, afterSalePath, afterSalesPath, orderPath, ordersPath } from './order-rules';
import { ConfirmDialog, Figures, GoodsLine, NotLoaded, PageHead, StepList, useAction, useLoaded } from './order-ui';
import type { AfterSaleApplyInfo, AfterSalePage } from './orders-api';

/** 申请售后 of an order (?order=<id>). */
export function AfterSaleApplyPage({ m, orderId }: { m: Member; orderId: string }) {
  return (
    <MemberOnly m={m} hint="登录后申请售后">
      <Apply key={orderId} m={m} orderId={orderId} />
    </MemberOnly>
  );
}

function Apply({ m, orderId }: { m: Member; orderId: string }) {
  const { orders, shopId } = m;
  const [info, setInfo] = useState<AfterSaleApplyInfo | null>(null);
  const [failed, setFailed] = useState('');
  const [type, setType] = useState(0);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    orders.afterSaleInfo(orderId).then(
      (r) => {
        setInfo(r);
        setType(r.types[0] ?? 0);
        // One line that may be asked for: chosen with all its units.
        const open = r.lines.filter((l) => !l.open && l.available > 0);
        if (open.length === 1) setQty({ [open[0].lineId]: open[0].available });
      },
      (e) => setFailed(errMsg(e)),
    );
  }, [orders, orderId]);

  if (!info) {
    return failed ? (
      <main className="s-page">
        <PageHead title="申请售后" back={orderPath(shopId, orderId)} />
        <Empty title={failed} />
      </main>
    ) : (
      <Skeleton rows={5} />
    );
  }

  const items = Object.entries(qty)
    .filter(([, n]) => n > 0)
    .map(([lineId, n]) => ({ lineId, qty: n }));
  const submit = async () => {
    const found = afterSaleApplyChecks({ type, items, reason, amount, description });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { id } = await orders.afterSaleApply({
        orderId,
        type,
        items,
        reason: reason as never,
        ...(type !== 3 && amount.trim() ? { amount: Number(amount) } : {}),
        description: description.trim(),
        images,
      });
      toast('售后申请已提交');
      navigate(afterSalePath(shopId, id), { replace: true });
    } catch (e) {
      toast(errMsg(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="s-page s-aftersale">
      <PageHead title="申请售后" back={orderPath(shopId, orderId)} />
      <section className="s-box" aria-label="售后类型">
        <h2 className="s-section">售后类型</h2>
        <div className="s-chips" role="radiogroup" aria-label="售后类型">
          {info.types.map((t) => (
            <button
              key={t}
              type="button"
              role="radio"
              aria-checked={type === t}
              className={`s-chip${type === t ? ' on' : ''}`}
              onClick={() => {
                setType(t);
                setErrors({ ...errors, type: '' });
              }}
            >
              {AFTER_SALE_TYPE_TEXT[t]}
            </button>
          ))}
        </div>
        {info.types.length === 1 && info.types[0] === 1 ? <p className="muted small">订单未发货，可申请仅退款</p> : null}
        {errors.type ? <div className="field-error">{errors.type}</div> : null}
      </section>
      <section className="s-box" aria-label="售后商品">
        <h2 className="s-section">售后商品</h2>
        {info.lines.map((l) => {
          const chosen = (qty[l.lineId] ?? 0) > 0;
          const blocked = l.open || l.available <= 0;
          return (
            <div key={l.lineId} className={`s-as-line${blocked ? ' off' : ''}`}>
              <input
                type="checkbox"
                className="s-check"
                aria-label={`选择 ${l.title}`}
                disabled={blocked}
                checked={chosen}
                onChange={(e) => {
                  setQty({ ...qty, [l.lineId]: e.target.checked ? l.available : 0 });
                  setErrors({ ...errors, items: '' });
                }}
              />
              <GoodsLine
                line={l}
                extra={
                  blocked ? (
                    <span className="muted small">{l.open ? '售后处理中' : '无可申请数量'}</span>
                  ) : chosen ? (
                    <Stepper
                      value={qty[l.lineId]}
                      max={l.available}
                      onChange={(n) => setQty({ ...qty, [l.lineId]: n })}
                      label={`${l.title} 申请数量`}
                    />
                  ) : (
                    <span className="muted small">可申请 {l.available} 件</span>
                  )
                }
              />
            </div>
          );
        })}
        {errors.items ? <div className="field-error">{errors.items}</div> : null}
      </section>
      <section className="s-box form" aria-label="申请信息">
        <label className="field-label" htmlFor="as-reason">
          申请原因
        </label>
        <select
          id="as-reason"
          className={`input select${reason ? '' : ' empty'}`}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors({ ...errors, reason: '' });
          }}
        >
          <option value="">请选择申请原因</option>
          {info.reasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        {errors.reason ? <div className="field-error">{errors.reason}</div> : null}
        {type !== 3 ? (
          <>
            <label className="field-label" htmlFor="as-amount">
              退款金额（元）
            </label>
            <input
              id="as-amount"
              className="input"
              inputMode="decimal"
              placeholder={`最多 ${yuan(refundableOf(info, qty))}，不填则全部退`}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value.replace(/[^\d.]/g, ''));
                setErrors({ ...errors, amount: '' });
              }}
            />
            {errors.amount ? <div className="field-error">{errors.amount}</div> : null}
          </>
        ) : null}
        <label className="field-label" htmlFor="as-desc">
          问题描述
        </label>
        <textarea
          id="as-desc"
          className="input"
          rows={3}
          maxLength={200}
          placeholder="选填，200字以内"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        {errors.description ? <div className="field-error">{errors.description}</div> : null}
        <div className="field-label" id="as-images-label">
          凭证图片 <span className="muted small">选填，最多{AFTER_SALE_IMAGES_MAX}张</span>
        </div>
        <ImagePicker
          label="凭证图片"
          maxCount={AFTER_SALE_IMAGES_MAX}
          urls={images}
          onChange={setImages}
          upload={(file) => orders.afterSaleUpload(file)}
          disabled={busy}
          onBusy={setUploading}
          inputId="as-images"
        />
      </section>
      <div className="s-buybar s-detail-bar">
        <button type="button" className="s-btn-small red" disabled={busy || uploading} onClick={() => void submit()}>
          {busy ? '提交中…' : uploading ? '图片上传中…' : '提交申请'}
        </button>
      </div>
    </main>
  );
}

/** What the chosen units may get back at most: each line's refundable for all its units, shared by the units chosen. */
function refundableOf(info: AfterSaleApplyInfo, qty: Record<string, number>): number {
  let fen = 0;
  for (const l of info.lines) {
    const n = qty[l.lineId] ?? 0;
    if (n > 0 && l.available > 0) fen += Math.floor((Math.round(l.refundable * 100) * n) / l.available);
  }
  return fen / 100;
}

/** 退款/售后: the member's requests, newest first. */
export function MyAfterSalesPage({ m }: { m: Member }) {
  return (
    <MemberOnly m={m} hint="登录后查看售后">
      <MyAfterSales m={m} />
    </MemberOnly>
  );
}

function MyAfterSales({ m }: { m: Member }) {
  const { orders, shopId } = m;
  const [rows, setRows] = useState<AfterSalePage['rows']>([]);
  const [total, setTotal] = useState(-1);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    orders.afterSales(page).then(
      (r) => {
        setRows((old) => (page === 1 ? r.rows : [...old, ...r.rows]));
        setTotal(r.total_count);
      },
      (e) => setFailed(errMsg(e)),
    );
  }, [orders, page]);

  return (
    <main className="s-page s-orders">
      <PageHead title="退款/售后" back={`/h5/shop/${shopId}/member`} />
      {total < 0 ? (
        failed ? (
          <Empty title={failed} />
        ) : (
          <Skeleton rows={4} />
        )
      ) : rows.length === 0 ? (
        <Empty title="暂无售后申请">
          <Link to={ordersPath(shopId)} className="s-btn-line">
            查看我的订单
          </Link>
        </Empty>
      ) : (
        <>
          {rows.map((a) => (
            <section key={a.id} className="s-box s-order-card" aria-label={`售后 ${a.afterSaleNo}`}>
              <Link to={afterSalePath(shopId, a.id)} className="s-order-link">
                <div className="s-order-top">
                  <span className="muted small">
                    {a.typeText} · {a.afterSaleNo}
                  </span>
                  <span className="s-status">{a.statusText}</span>
                </div>
                {a.items.map((l) => (
                  <GoodsLine key={l.lineId} line={l} />
                ))}
                <p className="s-order-sum">
                  {a.refundedAmount > 0 ? (
                    <>
                      已退款 <b>{yuan(a.refundedAmount)}</b>
                    </>
                  ) : a.type === 3 ? (
                    '换货'
                  ) : (
                    <>
                      申请退款 <b>{yuan(a.amount)}</b>
                    </>
                  )}
                </p>
              </Link>
            </section>
          ))}
          {rows.length < total ? (
            <div className="s-more">
              <button type="button" className="s-btn-line" onClick={() => setPage(page + 1)}>
                加载更多
              </button>
            </div>
          ) : (
            <p className="s-end muted small">没有更多了</p>
          )}
        </>
      )}
    </main>
  );
}

/** 售后详情: the state and what to do next, the goods, the amounts, the return parcel, the history. */
export function AfterSaleDetailPage({ m, id }: { m: Member; id: string }) {
  return (
    <MemberOnly m={m} hint="登录后查看售后">
      <AfterSaleView key={id} m={m} id={id} />
    </MemberOnly>
  );
}

/** What the state asks of the buyer, or tells them. */
const STATE_HINT: Record<number, string> = {
  [A.pending]: '等待商家处理',
  [A.toReturn]: '商家已同意，请将商品寄回并填写退货物流',
  [A.returning]: '等待商家确认收货',
  [A.toRefund]: '商家处理退款中',
  [A.refunding]: '退款处理中，将原路退回',
  [A.toResend]: '商家已收到退货，等待商家发出换货商品',
};

function AfterSaleView({ m, id }: { m: Member; id: string }) {
  const { orders, shopId } = m;
  const [asking, setAsking] = useState(false);
  const [company, setCompany] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [shipErr, setShipErr] = useState('');

  const read = useCallback(() => orders.afterSale(id), [orders, id]);
  const { data: a, failed, load } = useLoaded(read);
  const { busy, act } = useAction(load);

  if (!a) return <NotLoaded failed={failed} title="售后详情" back={afterSalesPath(shopId)} backText="查看我的售后" />;

  const canCancel = a.status === A.pending || a.status === A.toReturn;
  const ship = () => {
    if (!company) return setShipErr('请选择快递公司');
    if (!trackingNo.trim()) return setShipErr('请输入快递单号');
    setShipErr('');
    void act(() => orders.afterSaleReturnShip(a.id, company, trackingNo.trim()), '退货物流已提交');
  };
  return (
    <main className="s-page s-detail">
      <PageHead title="售后详情" back={afterSalesPath(shopId)} />
      <section className="s-state" aria-label="售后状态">
        <p className="s-state-title">{a.statusText}</p>
        {STATE_HINT[a.status] ? <p>{STATE_HINT[a.status]}</p> : null}
        {a.status === A.refused && a.refuseReason ? <p>拒绝原因：{a.refuseReason}</p> : null}
        {a.deadline ? (
          <p className="small">{a.status === A.toReturn ? `请在 ${a.deadline} 前寄回，超时售后将关闭` : `商家将在 ${a.deadline} 前处理`}</p>
        ) : null}
      </section>
      {a.status === A.toReturn && a.returnAddress ? (
        <section className="s-box" aria-label="退货地址">
          <h2 className="s-section">退货地址</h2>
          <p>
            <b>{a.returnAddress.name}</b> {a.returnAddress.phone}
          </p>
          <p className="muted small">{a.returnAddress.address}</p>
          <div className="form">
            <label className="field-label" htmlFor="as-company">
              快递公司
            </label>
            <select
              id="as-company"
              className={`input select${company ? '' : ' empty'}`}
              value={company}
              onChange={(e) => setCompany(e.target.value)}
            >
              <option value="">请选择快递公司</option>
              {EXPRESS_COMPANIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
            <label className="field-label" htmlFor="as-no">
              快递单号
            </label>
            <input
              id="as-no"
              className="input"
              maxLength={40}
              placeholder="请输入快递单号"
              value={trackingNo}
              onChange={(e) => setTrackingNo(e.target.value)}
            />
            {shipErr ? <div className="field-error">{shipErr}</div> : null}
            <button type="button" className="s-btn-main" disabled={busy} onClick={ship}>
              提交退货物流
            </button>
          </div>
        </section>
      ) : null}
      {a.returnTrackingNo ? (
        <section className="s-box" aria-label="退货物流">
          <p className="small">
            退货物流：{a.returnCompany} {a.returnTrackingNo}
          </p>
          {a.resendTrackingNo ? (
            <p className="small">
              换货物流：{a.resendCompany} {a.resendTrackingNo}
            </p>
          ) : null}
        </section>
      ) : null}
      <section className="s-box">
        {a.items.map((l) => (
          <GoodsLine key={l.lineId} line={l} />
        ))}
      </section>
      <Figures
        rows={[
          ['售后类型', a.typeText],
          ...(a.type !== 3 ? [['申请金额', yuan(a.amount)] as [string, string]] : []),
          ...(a.refundedAmount > 0 ? [['已退款', yuan(a.refundedAmount), true] as [string, string, boolean]] : []),
        ]}
      />
      <section className="s-box s-info" aria-label="售后信息">
        <p>
          <span>售后单号</span>
          {a.afterSaleNo}
        </p>
        <p>
          <span>订单编号</span>
          <Link to={orderPath(shopId, a.orderId)}>{a.orderNo}</Link>
        </p>
        <p>
          <span>申请原因</span>
          {a.reason}
        </p>
        {a.description ? (
          <p>
            <span>问题描述</span>
            {a.description}
          </p>
        ) : null}
        {a.images.length > 0 ? (
          <div className="images" aria-label="凭证图片">
            {a.images.map((u, i) => (
              <a className="thumb" key={u} href={u} target="_blank" rel="noreferrer">
                <img src={u} alt={`凭证图片${i + 1}`} />
              </a>
            ))}
          </div>
        ) : null}
        <p>
          <span>申请时间</span>
          {a.createTime}
        </p>
      </section>
      <StepList
        title="协商历史"
        steps={a.logs.map((t) => ({ ...t, action: t.amount !== null ? `${t.action} ${yuan(t.amount)}` : t.action }))}
      />
      {canCancel ? (
        <div className="s-buybar s-detail-bar">
          <button type="button" className="s-btn-small" onClick={() => setAsking(true)}>
            撤销申请
          </button>
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title="确定撤销售后申请吗？"
          text="撤销后本次售后关闭"
          okText="撤销申请"
          busy={busy}
          onOk={() => void act(() => orders.afterSaleCancel(a.id), '已撤销申请').then(() => setAsking(false))}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </main>
  );
}
