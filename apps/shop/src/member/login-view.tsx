import { type FormEvent, useEffect, useState } from 'react';
import { PHONE_RE } from '@contract/core/rules';
import { errMsg } from '../api';
import { toast } from '../ui';
import type { MemberApi } from './member-api';

/** Phone + SMS code: the first login registers the member (members README). */
export function LoginView({ api, shopName, onIn, hint }: { api: MemberApi; shopName: string; onIn: () => void; hint?: string }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const phoneError = (p: string) => (!p ? '请输入手机号' : PHONE_RE.test(p) ? undefined : '手机号格式不正确');

  const send = async () => {
    const e = phoneError(phone);
    setErrors({ phone: e });
    if (e) return;
    try {
      const r = await api.sendCode({ phone });
      toast('验证码发送成功');
      setWait(r.cooldown);
    } catch (err) {
      toast(errMsg(err));
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const next = { phone: phoneError(phone), code: code ? (/^\d{6}$/.test(code) ? undefined : '验证码为6位数字') : '请输入验证码' };
    setErrors(next);
    if (next.phone || next.code) return;
    setBusy(true);
    try {
      const r = await api.loginBySms({ phone, code });
      toast(r.created ? '注册成功' : '登录成功');
      onIn();
    } catch (err) {
      toast(errMsg(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page">
      <div className="card">
        <h1 className="form-name">{shopName || '会员中心'}</h1>
        <p className="muted">{hint ?? '登录后查看会员等级、成长值与权益'}</p>
        <form className="form" onSubmit={submit} noValidate>
          <div className={`field${errors.phone ? ' has-error' : ''}`}>
            <label className="field-label" htmlFor="m-phone">
              手机号
            </label>
            <input
              id="m-phone"
              className="input"
              inputMode="numeric"
              maxLength={11}
              placeholder="请输入手机号"
              value={phone}
              onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
            />
            {errors.phone && <div className="field-error">{errors.phone}</div>}
          </div>
          <div className={`field${errors.code ? ' has-error' : ''}`}>
            <label className="field-label" htmlFor="m-code">
              验证码
            </label>
            <div className="code-row">
              <input
                id="m-code"
                className="input"
                inputMode="numeric"
                maxLength={6}
                placeholder="请输入验证码"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
              <button type="button" className="btn ghost code-btn" disabled={wait > 0} onClick={send}>
                {wait > 0 ? `${wait}秒后重发` : '获取验证码'}
              </button>
            </div>
            {errors.code && <div className="field-error">{errors.code}</div>}
          </div>
          <button type="submit" className="btn primary" disabled={busy}>
            {busy ? '登录中…' : '登录 / 注册'}
          </button>
        </form>
      </div>
    </main>
  );
}
