import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { errMsg } from '../api';
import { AreaSelects } from '../fields';
import { Empty, Skeleton } from '../shop/shop-frame';
import { toast } from '../ui';
import type { Member } from './member-gate';
import { addressErrors } from './address-check';
import type { AddressDraft, AddressErrors } from './order-rules';
import { ConfirmDialog, PageHead, useAction } from './order-ui';
import type { AddressRow } from './orders-api';

const blank: AddressDraft = { name: '', phone: '', codes: [], names: [], complete: false, address: '', isDefault: false };
const draftOf = (a: AddressRow): AddressDraft => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  codes: a.area,
  names: a.areaText.split(' '),
  complete: a.area.length === 3,
  address: a.address,
  isDefault: a.isDefault,
});

/**
 * 收货地址: the member's addresses, the default first; add, edit, delete (asked first), set default. With `onPick`
 * (the checkout) a tap on an address chooses it.
 */
export function AddressBook({ m, picked, onPick, back }: { m: Member; picked?: string; onPick?: (id: string) => void; back: string }) {
  const [rows, setRows] = useState<AddressRow[] | null>(null);
  const [failed, setFailed] = useState('');
  const [editing, setEditing] = useState<AddressDraft | null>(null);
  const [deleting, setDeleting] = useState<AddressRow | null>(null);
  const { orders } = m;

  const load = useCallback(async () => {
    try {
      setRows((await orders.addresses()).rows);
      setFailed('');
    } catch (e) {
      setFailed(errMsg(e));
    }
  }, [orders]);
  useEffect(() => {
    void load();
  }, [load]);

  const { busy, act } = useAction(load);

  if (editing) {
    return (
      <AddressEditor
        m={m}
        draft={editing}
        onDone={async (id) => {
          setEditing(null);
          await load();
          if (id && onPick) onPick(id);
        }}
        onCancel={() => setEditing(null)}
      />
    );
  }

  return (
    <main className="s-page s-addresses">
      {onPick ? (
        <header className="s-head">
          <button type="button" className="s-head-back" aria-label="返回" onClick={() => onPick(picked ?? '')}>
            ‹
          </button>
          <h1>选择收货地址</h1>
        </header>
      ) : (
        <PageHead title="收货地址" back={back} />
      )}
      {!rows ? (
        failed ? (
          <Empty title={failed}>
            <button type="button" className="s-btn-line" onClick={() => void load()}>
              重新加载
            </button>
          </Empty>
        ) : (
          <Skeleton rows={3} />
        )
      ) : rows.length === 0 ? (
        <Empty title="还没有收货地址" />
      ) : (
        rows.map((a) => (
          <section key={a.id} className={`s-box s-addr${picked === a.id ? ' on' : ''}`} aria-label={`地址 ${a.name}`}>
            <button type="button" className="s-addr-main" onClick={() => onPick?.(a.id)} disabled={!onPick}>
              <p>
                <b>{a.name}</b> <span>{a.phone}</span> {a.isDefault ? <span className="s-tag">默认</span> : null}
              </p>
              <p className="muted small">
                {a.areaText} {a.address}
              </p>
            </button>
            <div className="s-addr-ops">
              {a.isDefault ? (
                <span className="muted small">默认地址</span>
              ) : (
                <button
                  type="button"
                  className="s-link"
                  disabled={busy}
                  onClick={() => void act(() => orders.setDefaultAddress(a.id), '设置成功')}
                >
                  设为默认
                </button>
              )}
              <span>
                <button type="button" className="s-link" onClick={() => setEditing(draftOf(a))}>
                  编辑
                </button>
                <button type="button" className="s-link" onClick={() => setDeleting(a)}>
                  删除
                </button>
              </span>
            </div>
          </section>
        ))
      )}
      <div className="s-buybar">
        <button type="button" className="s-btn-buy" onClick={() => setEditing({ ...blank, isDefault: rows?.length === 0 })}>
          新增收货地址
        </button>
      </div>
      {deleting ? (
        <ConfirmDialog
          title="确定删除该收货地址吗？"
          text={`${deleting.name} ${deleting.areaText} ${deleting.address}`}
          okText="删除"
          busy={busy}
          onOk={() =>
            void act(() => orders.deleteAddress(deleting.id), '删除成功').then(() => {
              setDeleting(null);
            })
          }
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </main>
  );
}

/** 新增 / 编辑收货地址: each field's message under it, checked before the call as the server checks. */
function AddressEditor({
  m,
  draft,
  onDone,
  onCancel,
}: {
  m: Member;
  draft: AddressDraft;
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState(draft);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<AddressDraft>) => {
    const next = { ...d, ...patch };
    setD(next);
    if (tried) setErrors(addressErrors(next));
  };

  const save = async (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    const e = addressErrors(d);
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    setBusy(true);
    try {
      const r = await m.orders.saveAddress({
        id: d.id,
        name: d.name.trim(),
        phone: d.phone.trim(),
        area: d.codes,
        address: d.address.trim(),
        isDefault: d.isDefault,
      });
      toast('保存成功');
      onDone(r.id);
    } catch (err) {
      toast(errMsg(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof AddressErrors, label: string, input: ReactNode) => (
    <div className={`field${errors[key] ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={`a-${key}`}>
        {label}
      </label>
      {input}
      {errors[key] ? <div className="field-error">{errors[key]}</div> : null}
    </div>
  );

  return (
    <main className="s-page">
      <header className="s-head">
        <button type="button" className="s-head-back" aria-label="返回" onClick={onCancel}>
          ‹
        </button>
        <h1>{d.id ? '编辑收货地址' : '新增收货地址'}</h1>
      </header>
      <form className="s-box form" onSubmit={save} noValidate>
        {field(
          'name',
          '收货人',
          <input
            id="a-name"
            className="input"
            maxLength={20}
            placeholder="请输入收货人姓名"
            value={d.name}
            onChange={(e) => set({ name: e.target.value })}
          />,
        )}
        {field(
          'phone',
          '手机号',
          <input
            id="a-phone"
            className="input"
            inputMode="numeric"
            maxLength={11}
            placeholder="请输入手机号"
            value={d.phone}
            onChange={(e) => set({ phone: e.target.value.replace(/\D/g, '') })}
          />,
        )}
        {field(
          'area',
          '所在地区',
          <div className="address">
            <AreaSelects value={d} onChange={(a) => set(a)} label="所在地区" inputId="a-area" />
          </div>,
        )}
        {field(
          'address',
          '详细地址',
          <input
            id="a-address"
            className="input"
            maxLength={100}
            placeholder="街道、楼栋、门牌号等"
            value={d.address}
            onChange={(e) => set({ address: e.target.value })}
          />,
        )}
        <label className="s-default-row">
          <input type="checkbox" className="s-check" checked={d.isDefault} onChange={(e) => set({ isDefault: e.target.checked })} />
          设为默认地址
        </label>
        <button type="submit" className="s-btn-main" disabled={busy}>
          {busy ? '保存中…' : '保存'}
        </button>
      </form>
    </main>
  );
}
