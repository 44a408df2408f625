import { type ChangeEvent, useEffect, useState } from 'react';
import { type AreaItem, errMsg, type FormField, h5api } from './api';
import { ImagePicker } from './image-picker';
import { type AddressValue, type Answer, isAddress, KIND, TEXT_MAX, TEXTAREA_MAX } from './validate';

interface FieldProps {
  field: FormField;
  value: Answer | undefined;
  onChange: (v: Answer) => void;
  /** The field's message ('' none). */
  error: string;
  formId: string;
  disabled: boolean;
  /** An image field tells while an upload is under way (submitting then waits). */
  onBusy: (busy: boolean) => void;
}

/** One field of the form: its label, required mark, input and message. */
export function Field(p: FieldProps) {
  const { field: f, error } = p;
  const inputId = `f-${f.id}`;
  return (
    <div className={`field${error ? ' has-error' : ''}`} id={`field-${f.id}`} data-kind={f.kind}>
      <label className="field-label" htmlFor={inputId}>
        {f.required && <span className="req">*</span>}
        {f.label}
        {f.kind === KIND.image && <span className="field-hint">（最多{f.maxCount}张）</span>}
        {f.kind === KIND.checkbox && <span className="field-hint">（可多选）</span>}
      </label>
      <FieldInput {...p} inputId={inputId} />
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}

const str = (v: Answer | undefined) => (typeof v === 'string' ? v : '');
const list = (v: Answer | undefined) => (Array.isArray(v) ? v : []);

function FieldInput(p: FieldProps & { inputId: string }) {
  const { field: f, value, onChange, disabled, inputId } = p;
  const ph = f.placeholder || undefined;
  const text = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value);
  switch (f.kind) {
    case KIND.number:
      return (
        <input
          id={inputId}
          className="input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={30}
          placeholder={ph ?? (f.decimals > 0 ? `请输入数字，最多${f.decimals}位小数` : '请输入整数')}
          value={str(value)}
          onChange={text}
          disabled={disabled}
        />
      );
    case KIND.textarea:
      return (
        <div className="textarea-wrap">
          <textarea
            id={inputId}
            className="input textarea"
            rows={4}
            maxLength={TEXTAREA_MAX}
            placeholder={ph ?? `请输入${f.label}`}
            value={str(value)}
            onChange={text}
            disabled={disabled}
          />
          <span className="counter">
            {str(value).length}/{TEXTAREA_MAX}
          </span>
        </div>
      );
    case KIND.phone:
      return (
        <input
          id={inputId}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder={ph ?? '请输入11位手机号'}
          value={str(value)}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
          disabled={disabled}
        />
      );
    case KIND.idcard:
      return (
        <input
          id={inputId}
          className="input"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={18}
          placeholder={ph ?? '请输入18位身份证号'}
          value={str(value)}
          onChange={(e) => onChange(e.target.value.replace(/[^\dXx]/g, '').toUpperCase())}
          disabled={disabled}
        />
      );
    case KIND.date:
      return (
        <input
          id={inputId}
          className={`input date${str(value) ? '' : ' empty'}`}
          type="date"
          value={str(value)}
          onChange={text}
          disabled={disabled}
        />
      );
    case KIND.datetime:
      return (
        <input
          id={inputId}
          className={`input date${str(value) ? '' : ' empty'}`}
          type="datetime-local"
          value={str(value)}
          onChange={text}
          disabled={disabled}
        />
      );
    case KIND.radio:
    case KIND.checkbox: {
      const multi = f.kind === KIND.checkbox;
      const chosen = multi ? list(value) : [str(value)];
      return (
        <div className="choices" id={inputId} role={multi ? 'group' : 'radiogroup'}>
          {f.options.map((o) => {
            const on = chosen.includes(o);
            const pick = () => {
              if (!multi) onChange(o);
              else onChange(on ? chosen.filter((x) => x !== o) : f.options.filter((x) => x === o || chosen.includes(x)));
            };
            return (
              <label key={o} className={`choice${on ? ' on' : ''}`}>
                <input type={multi ? 'checkbox' : 'radio'} name={inputId} checked={on} onChange={pick} disabled={disabled} />
                <span className={multi ? 'box' : 'dot'} />
                <span className="choice-text">{o}</span>
              </label>
            );
          })}
        </div>
      );
    }
    case KIND.image:
      return <ImageInput {...p} />;
    case KIND.address:
      return <AddressInput {...p} />;
    default:
      return (
        <input
          id={inputId}
          className="input"
          type="text"
          maxLength={TEXT_MAX}
          placeholder={ph ?? `请输入${f.label}`}
          value={str(value)}
          onChange={text}
          disabled={disabled}
        />
      );
  }
}

/** An image field of the form: the shared picker over the public upload (the form's id, the visitor). */
function ImageInput({ field: f, value, onChange, formId, disabled, onBusy, inputId }: FieldProps & { inputId: string }) {
  return (
    <ImagePicker
      label={f.label}
      maxCount={f.maxCount}
      urls={list(value)}
      onChange={onChange}
      upload={(file) => h5api.upload(formId, file)}
      disabled={disabled}
      onBusy={onBusy}
      inputId={inputId}
    />
  );
}

/** Areas by parent code ('' for provinces), loaded once per page. */
const areaCache = new Map<string, Promise<AreaItem[]>>();
function areas(code: string): Promise<AreaItem[]> {
  let p = areaCache.get(code);
  if (!p) {
    p = h5api.area(code);
    areaCache.set(code, p);
    p.catch(() => areaCache.delete(code));
  }
  return p;
}

const LEVEL_NAMES = ['省份', '城市', '区县'];
const emptyAddress: AddressValue = { codes: [], names: [], complete: false, detail: '' };

/** The chosen area: codes and names top down; complete when nothing further is to be chosen. */
export type AreaChoice = Pick<AddressValue, 'codes' | 'names' | 'complete'>;

/**
 * Province, city, district as three selects, loaded level by level from GetArea (once per page): the fill page's
 * address field and the shop's address book.
 */
export function AreaSelects({
  value: v,
  onChange,
  label,
  disabled,
  inputId,
}: {
  value: AreaChoice;
  onChange: (v: AreaChoice) => void;
  label: string;
  disabled?: boolean;
  inputId?: string;
}) {
  /** Loaded children by parent code ('' the provinces). */
  const [children, setChildren] = useState<Record<string, AreaItem[]>>({});
  const [loadError, setLoadError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const codesKey = v.codes.slice(0, 2).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry button's way to load again
  useEffect(() => {
    let live = true;
    const parents = ['', ...(codesKey ? codesKey.split(',') : [])];
    setLoadError('');
    for (const c of parents) {
      areas(c)
        .then((rows) => live && setChildren((m) => (m[c] ? m : { ...m, [c]: rows })))
        .catch((e) => live && setLoadError(errMsg(e)));
    }
    return () => {
      live = false;
    };
  }, [codesKey, attempt]);

  const choose = async (level: number, code: string) => {
    const item = children[level === 0 ? '' : v.codes[level - 1]]?.find((a) => a.code === code);
    const codes = [...v.codes.slice(0, level), ...(item ? [item.code] : [])];
    const names = [...v.names.slice(0, level), ...(item ? [item.name] : [])];
    const complete = !!item && (item.leaf || level >= 2);
    onChange({ codes, names, complete });
    // An area the catalogue gives no children is complete too.
    if (item && !complete) {
      try {
        if ((await areas(item.code)).length === 0) onChange({ codes, names, complete: true });
      } catch (e) {
        setLoadError(errMsg(e));
      }
    }
  };

  return (
    <>
      <div className="address-row">
        {[0, 1, 2].map((level) => {
          const parent = level === 0 ? '' : v.codes[level - 1];
          const options = parent === undefined ? undefined : children[parent];
          // Below an area without children there is nothing to choose.
          if (level > 0 && parent !== undefined && options?.length === 0) return null;
          return (
            <select
              key={LEVEL_NAMES[level]}
              id={level === 0 ? inputId : undefined}
              aria-label={`${label}${LEVEL_NAMES[level]}`}
              className={`input select${v.codes[level] ? '' : ' empty'}`}
              value={v.codes[level] ?? ''}
              onChange={(e) => choose(level, e.target.value)}
              disabled={disabled || !options}
            >
              <option value="">{LEVEL_NAMES[level]}</option>
              {(options ?? []).map((a) => (
                <option key={a.code} value={a.code}>
                  {a.name}
                </option>
              ))}
            </select>
          );
        })}
      </div>
      {loadError && (
        <button type="button" className="link" onClick={() => setAttempt((n) => n + 1)}>
          地区加载失败（{loadError}），点此重试
        </button>
      )}
    </>
  );
}

/** Province, city, district (GetArea level by level) and a detail line. */
function AddressInput({ field: f, value, onChange, disabled, inputId }: FieldProps & { inputId: string }) {
  const v = isAddress(value) ? value : emptyAddress;
  return (
    <div className="address">
      <AreaSelects value={v} onChange={(a) => onChange({ ...v, ...a })} label={f.label} disabled={disabled} inputId={inputId} />
      <input
        className="input"
        type="text"
        maxLength={120}
        autoComplete="street-address"
        aria-label={`${f.label}详细地址`}
        placeholder={f.placeholder || '详细地址：街道、门牌号等'}
        value={v.detail}
        onChange={(e) => onChange({ ...v, detail: e.target.value })}
        disabled={disabled}
      />
    </div>
  );
}
