import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

interface Tab {
  key: string;
  label: string;
  children: ReactNode;
}

interface Props {
  activeKey: string;
  onChange: (key: string) => void;
  items: Tab[];
}

/**
 * The two tabs of the login card (密码登录 / 验证码登录), drawn like antd's centered Tabs. Its own few lines instead of
 * antd Tabs: those bring rc-tabs, rc-menu and rc-dropdown (~21 KB gzipped) into the first load of /login, whose budget
 * is 300 KB (DESIGN §8). Both panels stay mounted (the inactive one hidden), so the SMS form keeps its instance.
 */
export function LoginTabs({ activeKey, onChange, items }: Props) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + items.length) % items.length;
    onChange(items[next].key);
    buttons.current[next]?.focus();
  };
  return (
    <div className="login-tabs">
      <div className="login-tabs-nav" role="tablist">
        {items.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={t.key === activeKey}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={t.key === activeKey ? 0 : -1}
            className={t.key === activeKey ? 'login-tab login-tab-active' : 'login-tab'}
            onClick={() => onChange(t.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) => (
        <div key={t.key} role="tabpanel" id={`${id}-panel-${t.key}`} aria-labelledby={`${id}-tab-${t.key}`} hidden={t.key !== activeKey}>
          {t.children}
        </div>
      ))}
    </div>
  );
}
