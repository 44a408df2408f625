import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, RightOutlined } from '@ant-design/icons';
import type { MenuNode } from '@contract/index';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { menuIcon } from './icons';
import { activeKeyOf, readSidebarState, remember, SIDEBAR_STATE_KEY, type SidebarState, useScrollMore, visible } from './sidebar-model';
import './sidebar.css';

/** Spec 000 §9. */
export const LOGO_WIDTH = 80;
export const ITEM_HEIGHT = 46;

interface Props {
  menu: MenuNode[];
  /** The trail of the current route, first level first. */
  trail: MenuNode[];
  logo: string;
}

/** The two-level sidebar of spec 000 §2.3. */
export function Sidebar({ menu, trail, logo }: Props) {
  const navigate = useNavigate();
  const firsts = visible(menu);
  const currentFirst = trail[0]?.key;
  const [openKey, setOpenKey] = useState<string | undefined>(currentFirst);
  const [saved] = useState(readSidebarState);
  const [collapsed, setCollapsed] = useState(saved.collapsed);
  const [closedGroups, setClosedGroups] = useState<Set<string>>(() => new Set(saved.closedGroups));
  useEffect(() => {
    const state: SidebarState = { collapsed, closedGroups: [...closedGroups] };
    localStorage.setItem(SIDEBAR_STATE_KEY, JSON.stringify(state));
  }, [collapsed, closedGroups]);
  const first = useScrollMore();
  const second = useScrollMore();

  // A route change re-selects the matching first and second-level item.
  useEffect(() => {
    setOpenKey(currentFirst);
  }, [currentFirst]);

  const opened = firsts.find((f) => f.key === openKey) ?? firsts.find((f) => f.key === currentFirst);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the second level changes
  useEffect(() => {
    second.check();
  }, [opened?.key, collapsed, closedGroups]);

  const go = (node: MenuNode, oneIndex: number, muneIndex: number) => {
    remember(oneIndex, muneIndex);
    navigate(node.path);
  };
  const toggleGroup = (key: string) =>
    setClosedGroups((s) => {
      const n = new Set(s);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });

  const activeKey = activeKeyOf(trail);
  const oneIndex = opened ? firsts.indexOf(opened) : -1;
  let muneIndex = 0;
  const leaf = (n: MenuNode) => {
    const idx = muneIndex++;
    const active = n.key === activeKey;
    return (
      <div
        key={n.key}
        role="menuitem"
        tabIndex={0}
        className={`sb2-item${active ? ' active' : ''}`}
        onClick={() => go(n, oneIndex, idx)}
        onKeyDown={(e) => e.key === 'Enter' && go(n, oneIndex, idx)}
      >
        {n.name}
      </div>
    );
  };
  const secondLevel = opened ? visible(opened.children) : [];
  const showSecond = !collapsed && secondLevel.length > 0;

  return (
    <div className="sidebar" onMouseLeave={() => setOpenKey(currentFirst)}>
      <nav className="sb1" aria-label="一级菜单">
        <div className="sb1-logo" style={{ width: LOGO_WIDTH }}>
          <img src={logo || '/logo.svg'} alt="logo" />
        </div>
        <div className="sb1-list" ref={first.ref} onScroll={first.onScroll}>
          {firsts.map((f, i) => (
            <div
              key={f.key}
              role="menuitem"
              tabIndex={0}
              className={`sb1-item${f.key === currentFirst ? ' active' : ''}${f.key === opened?.key ? ' hover' : ''}`}
              style={{ height: ITEM_HEIGHT }}
              onMouseEnter={() => setOpenKey(f.key)}
              onClick={() => {
                setOpenKey(f.key);
                setCollapsed(false);
                if (f.children.length === 0 && f.path) go(f, i, 0);
              }}
              onKeyDown={(e) => e.key === 'Enter' && setOpenKey(f.key)}
            >
              <span className="sb1-icon">{menuIcon(f.icon)}</span>
              <span className="sb1-name">{f.name}</span>
            </div>
          ))}
        </div>
        {first.more && (
          <div className="sb-more" aria-label="更多">
            <DownOutlined />
          </div>
        )}
        <button type="button" className="sb-collapse" onClick={() => setCollapsed((c) => !c)} title={collapsed ? '展开菜单' : '收起菜单'}>
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </button>
      </nav>
      {showSecond && opened && (
        <nav className="sb2" aria-label="二级菜单">
          <div className="sb2-title">{opened.name}</div>
          <div className="sb2-list" ref={second.ref} onScroll={second.onScroll}>
            {secondLevel.map((g) =>
              g.children.length > 0 ? (
                <div key={g.key} className="sb2-group">
                  <div
                    role="button"
                    tabIndex={0}
                    className="sb2-group-title"
                    onClick={() => toggleGroup(g.key)}
                    onKeyDown={(e) => e.key === 'Enter' && toggleGroup(g.key)}
                  >
                    {closedGroups.has(g.key) ? <RightOutlined /> : <DownOutlined />} {g.name}
                  </div>
                  {!closedGroups.has(g.key) && visible(g.children).map(leaf)}
                </div>
              ) : (
                leaf(g)
              ),
            )}
          </div>
          {second.more && (
            <div className="sb-more" aria-label="更多">
              <DownOutlined />
            </div>
          )}
        </nav>
      )}
    </div>
  );
}
