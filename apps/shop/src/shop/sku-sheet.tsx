import { Stepper } from './stepper';
import { useState } from 'react';
import { yuan } from '../ui';
import { Pic } from './shop-frame';
import {
  type Choice,
  chosenSku,
  clampQuantity,
  grabbedOut,
  maxQuantity,
  missingSpecs,
  payPrice,
  priceSpan,
  type Sku,
  type Spec,
  toggle,
  valueAvailable,
} from './sku';

export interface SkuSheetGoods {
  title: string;
  mainImage: string;
  specs: Spec[];
  skus: Sku[];
  purchaseLimit: number;
}

/**
 * The SKU chooser, a sheet from the bottom: a button per spec value (disabled when no SKU in stock has it with the
 * other values chosen), the chosen SKU's price (its activity's when one runs, with the tag) and stock, a quantity
 * stepper within 1…min(stock, purchase limit, the activity's stock left and per-member limit).
 * `onConfirm` gets the SKU and quantity; without it (the order core's checkout not wired yet) the button says 即将开放.
 */
export function SkuSheet({
  goods,
  choice,
  onChoice,
  confirmText,
  onConfirm,
  onClose,
}: {
  goods: SkuSheetGoods;
  choice: Choice;
  onChoice: (c: Choice) => void;
  confirmText: string;
  onConfirm?: (skuId: string, quantity: number) => void;
  onClose: () => void;
}) {
  const [qty, setQty] = useState(1);
  const sku = chosenSku(goods.specs, goods.skus, choice);
  const max = maxQuantity(sku, goods.purchaseLimit);
  const quantity = clampQuantity(qty, max);
  const span = priceSpan(goods.skus, choice);
  const missing = missingSpecs(goods.specs, choice);
  const limited = goods.purchaseLimit > 0 && sku !== undefined && goods.purchaseLimit < sku.stock;

  return (
    <div className="s-sheet-mask" onClick={onClose} role="presentation">
      <div className="s-sheet" role="dialog" aria-modal="true" aria-label="选择规格" onClick={(e) => e.stopPropagation()}>
        <button type="button" className="s-sheet-close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        <div className="s-sheet-head">
          <Pic className="s-sheet-pic" src={goods.mainImage} alt={goods.title} />
          <div>
            <p className="s-price big" aria-label="价格">
              {sku ? yuan(payPrice(sku)) : span ? (span.min === span.max ? yuan(span.min) : `${yuan(span.min)} - ${yuan(span.max)}`) : '—'}
              {sku?.activity ? <span className="s-act-tag">{sku.activity.tag}</span> : null}
            </p>
            <p className="muted small" aria-label="库存">
              {sku ? (sku.stock > 0 ? `库存 ${sku.stock} 件` : '已售罄') : `请选择 ${missing.join(' ')}`}
            </p>
          </div>
        </div>
        {goods.specs.map((spec) => (
          <fieldset key={spec.name} className="s-spec">
            <legend className="s-spec-name">{spec.name}</legend>
            <div className="s-spec-values">
              {spec.values.map((v) => {
                const on = choice[spec.name] === v;
                const available = valueAvailable(goods.skus, choice, spec.name, v);
                return (
                  <button
                    key={v}
                    type="button"
                    className={`s-spec-value${on ? ' on' : ''}`}
                    aria-pressed={on}
                    disabled={!available && !on}
                    title={available ? undefined : '缺货'}
                    onClick={() => onChoice(toggle(choice, spec.name, v))}
                  >
                    {v}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}
        <div className="s-qty-row">
          <span>
            购买数量
            {goods.purchaseLimit > 0 ? <span className="muted small">（限购 {goods.purchaseLimit} 件）</span> : null}
            {sku?.activity && sku.activity.perMemberLimit > 0 ? (
              <span className="muted small">（活动价每人限购 {sku.activity.perMemberLimit} 件）</span>
            ) : null}
          </span>
          <Stepper value={quantity} max={max} onChange={setQty} label="购买数量" />
        </div>
        {limited && quantity >= max ? <p className="muted small s-limit">每人限购 {goods.purchaseLimit} 件</p> : null}
        <button
          type="button"
          className="s-btn-main"
          disabled={!onConfirm || !sku || max <= 0}
          onClick={() => sku && onConfirm?.(sku.skuId, quantity)}
        >
          {!onConfirm ? '即将开放' : grabbedOut(sku) ? '已抢光' : sku && max <= 0 ? '已售罄' : confirmText}
        </button>
      </div>
    </div>
  );
}
