import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { DataOf } from '@contract/core/endpoint';
import type { h5CardsEndpoints } from '@contract/members/h5-cards.endpoints';
import type { h5CentreEndpoints } from '@contract/members/h5-centre.endpoints';
import type { MemberRights } from '@contract/members/member.schemas';
import { rightsLines } from '@contract/members/rights-text';
import { errMsg } from '../api';
import { Result, toast, yuan } from '../ui';
import type { MemberApi } from './member-api';
import { buy, MyOrders, PayPanel } from './member-orders';

type Centre = DataOf<(typeof h5CentreEndpoints)['GetCentre']>;
type Levels = DataOf<(typeof h5CentreEndpoints)['GetLevels']>;
type CardList = DataOf<(typeof h5CardsEndpoints)['List']>;
type CardRow = CardList['rows'][number];
type Look = { bgColor: string; bgImage: string; textColor: string };

const cardStyle = (l: Look) => ({
  background: l.bgImage ? `center / cover no-repeat url("${l.bgImage}"), ${l.bgColor}` : l.bgColor,
  color: l.textColor,
});

function Rights({ rights }: { rights: MemberRights }) {
  const lines = rightsLines(rights);
  return lines.length === 0 ? (
    <p className="muted small">暂无权益</p>
  ) : (
    <div className="rights">
      {lines.map((t) => (
        <span key={t} className="tag">
          {t}
        </span>
      ))}
    </div>
  );
}

/** 会员中心: my level card, growth towards the next level, the rights, the growth tasks and the shop's rights cards. */
export function CentreView({
  api,
  shopName,
  shopId,
  payOrder,
  children,
}: {
  api: MemberApi;
  shopName: string;
  shopId: string;
  payOrder?: string;
  /** Under the level card: 我的订单. */
  children?: ReactNode;
}) {
  const [centre, setCentre] = useState<Centre | null>(null);
  const [paid, setPaid] = useState<Levels['paid']>([]);
  const [paying, setPaying] = useState(payOrder ?? '');
  const [ordersKey, setOrdersKey] = useState(0);
  const [cards, setCards] = useState<CardRow[]>([]);
  const [failed, setFailed] = useState('');
  const [claiming, setClaiming] = useState('');

  const load = useCallback(async () => {
    try {
      const [c, list, levels] = await Promise.all([
        api.call<Centre>('/h5/Member/GetCentre'),
        api.call<CardList>('/h5/Card/List', { page_index: 1, page_size: 50 }),
        api.call<Levels>('/h5/Member/GetLevels'),
      ]);
      setCentre(c);
      setPaid(levels.paid);
      setCards(list.rows);
      setFailed('');
    } catch (e) {
      setFailed(errMsg(e));
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const claim = async (card: CardRow) => {
    setClaiming(card.id);
    try {
      await api.call('/h5/Card/Claim', { id: card.id });
      toast('领取成功');
      await load();
    } catch (e) {
      toast(errMsg(e));
    } finally {
      setClaiming('');
    }
  };

  /** 开通 / 续费 a paid level, 购买 / 续费 a paid card: the order, then its payment step. */
  const order = async (kind: 1 | 2, id: string) => {
    setClaiming(id);
    try {
      setPaying(await buy(api, kind, id));
      window.scrollTo(0, 0);
    } catch (e) {
      toast(errMsg(e));
    } finally {
      setClaiming('');
    }
  };
  const payDone = () => {
    setPaying('');
    setOrdersKey((k) => k + 1);
    void load();
  };

  if (failed && !centre) {
    return (
      <main className="page">
        <div className="card">
          <Result tone="bad" title="加载失败">
            <p className="muted">{failed}</p>
            <button type="button" className="btn ghost" onClick={() => void load()}>
              重新加载
            </button>
          </Result>
        </div>
      </main>
    );
  }
  if (!centre) return <div className="loading">加载中…</div>;

  const level = centre.level;
  const look: Look = level?.card ?? { bgColor: '#3a3f4b', bgImage: '', textColor: '#ffffff' };
  const next = centre.next;
  const percent = next ? Math.min(100, Math.round((centre.growth / next.growth) * 100)) : 100;

  return (
    <main className="page" style={{ background: centre.page.bgColor }}>
      <h1 className="form-name">{centre.page.title || '会员中心'}</h1>
      <p className="muted small">{shopName}</p>
      <section className="level-card" style={cardStyle(look)} aria-label="我的等级">
        <div className="level-who">
          {centre.avatar ? <img className="level-avatar" src={centre.avatar} alt="" /> : null}
          <span>{centre.name || centre.nickname}</span>
        </div>
        <div className="level-name">{level ? level.name : '暂无等级'}</div>
        <div className="level-growth">成长值 {centre.growth}</div>
        {centre.paidLevel ? (
          <div className="level-paid">
            {centre.paidLevel.name} · {centre.paidLevel.expireTime ? `${centre.paidLevel.expireTime.slice(0, 10)} 到期` : '永久有效'}
          </div>
        ) : null}
      </section>
      {children}
      {paying ? <PayPanel api={api} shopId={shopId} orderId={paying} onDone={payDone} /> : null}
      {centre.payOn && paid.length > 0 ? (
        <div className="card">
          <h2 className="section-title">付费等级</h2>
          {paid.map((l) => {
            const mine = centre.paidLevel?.id === l.id;
            return (
              <div key={l.id} className="vip-card" style={cardStyle(l.card)}>
                <div className="vip-card-head">
                  <b>{l.name}</b>
                  <span>{yuan(l.price)}</span>
                </div>
                <Rights rights={l.rights} />
                <div className="vip-card-foot">
                  <span className="small">{l.validDays === 0 ? '永久有效' : `${l.validDays}天`}</span>
                  <button type="button" className="btn primary claim-btn" disabled={claiming === l.id} onClick={() => void order(1, l.id)}>
                    {claiming === l.id ? '下单中…' : mine ? '续费' : '开通'}
                  </button>
                </div>
              </div>
            );
          })}
        </div>
      ) : null}
      {centre.page.showNext ? (
        <div className="card">
          {next ? (
            <>
              <p>
                再获得 <b>{next.need}</b> 成长值升级为 <b>{next.name}</b>
              </p>
              <div className="progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
                <div className="progress-bar" style={{ width: `${percent}%` }} />
              </div>
            </>
          ) : (
            <p>{level ? '已是最高等级' : '暂无可升级的等级'}</p>
          )}
        </div>
      ) : null}
      {centre.page.showRights && level ? (
        <div className="card">
          <h2 className="section-title">我的权益</h2>
          <Rights rights={level.rights} />
          {level.description ? <p className="muted small">{level.description}</p> : null}
        </div>
      ) : null}
      {centre.tasks.length > 0 ? (
        <div className="card">
          <h2 className="section-title">成长任务</h2>
          {centre.tasks.map((t) => (
            <div key={t.key} className="task-row">
              <span>{t.label}</span>
              <span className="muted">+{t.growth} 成长值</span>
            </div>
          ))}
        </div>
      ) : null}
      <div className="card">
        <h2 className="section-title">权益卡</h2>
        {cards.length === 0 ? <p className="muted small">暂无权益卡</p> : null}
        {cards.map((c) => (
          <div key={c.id} className="vip-card" style={cardStyle(c.cover)}>
            <div className="vip-card-head">
              <b>{c.name}</b>
              <span>{c.needpay === 1 ? yuan(c.price) : '免费'}</span>
            </div>
            <Rights rights={c.rights} />
            <div className="vip-card-foot">
              <span className="small">{c.held ? (c.expireTime ? `有效期至 ${c.expireTime.slice(0, 10)}` : '永久有效') : c.validText}</span>
              {c.needpay === 1 ? (
                <button type="button" className="btn primary claim-btn" disabled={claiming === c.id} onClick={() => void order(2, c.id)}>
                  {claiming === c.id ? '下单中…' : c.held ? '续费' : '购买'}
                </button>
              ) : c.held ? (
                <span className="small">已领取</span>
              ) : (
                <button type="button" className="btn primary claim-btn" disabled={claiming === c.id} onClick={() => void claim(c)}>
                  {claiming === c.id ? '领取中…' : '立即领取'}
                </button>
              )}
            </div>
          </div>
        ))}
      </div>
      <MyOrders
        key={ordersKey}
        api={api}
        onPay={(id) => {
          setPaying(id);
          window.scrollTo(0, 0);
        }}
      />
    </main>
  );
}
