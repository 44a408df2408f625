import type { LoginData, MenuNode, VersionInfo } from '@contract/index';
import { create } from 'zustand';

/** Login info kept locally with its own expiry (spec 000 §3). */
export interface LoginInfo {
  token: string;
  uid: string;
  uname: string;
  /** ms since epoch. */
  expires: number;
  version: VersionInfo | null;
  productName: string;
  serverName: string;
  dueTime: string;
  menu: MenuNode[];
  userCustomer: LoginData['userCustomer'];
  self: LoginData['self'];
  customerCount: number;
}

const KEY = 'loginInfo';

function read(): LoginInfo | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const info = JSON.parse(raw) as LoginInfo;
    if (!info.token || Date.now() > info.expires) {
      localStorage.removeItem(KEY);
      return null;
    }
    return info;
  } catch {
    return null;
  }
}

interface SessionState {
  info: LoginInfo | null;
  /** Stores the login answer (code 0). */
  login(data: LoginData): void;
  update(patch: Partial<LoginInfo>): void;
  /** Clears token, user info, customer and roles, and the stored login info. */
  logout(): void;
}

export const useSession = create<SessionState>((set, get) => ({
  info: read(),
  login(data) {
    const info: LoginInfo = {
      token: data.token,
      uid: data.self.id,
      uname: data.uname,
      expires: Date.now() + data.expires_in * 1000,
      version: null,
      productName: data.userCustomer?.productName ?? '',
      serverName: '',
      dueTime: '',
      menu: [],
      userCustomer: data.userCustomer,
      self: data.self,
      customerCount: data.customerCount,
    };
    localStorage.setItem(KEY, JSON.stringify(info));
    set({ info });
  },
  update(patch) {
    const cur = get().info;
    if (!cur) return;
    const info = { ...cur, ...patch };
    localStorage.setItem(KEY, JSON.stringify(info));
    set({ info });
  },
  logout() {
    localStorage.removeItem(KEY);
    sessionStorage.removeItem('oneIndex');
    sessionStorage.removeItem('muneIndex');
    set({ info: null });
  },
}));

/** The live login info, or null once it has expired. */
export function currentLogin(): LoginInfo | null {
  const info = useSession.getState().info;
  if (info && Date.now() > info.expires) {
    useSession.getState().logout();
    return null;
  }
  return info;
}
