import { useEffect, useMemo, useState } from 'react';
import { useAddress } from '../router';
import { errMsg } from '../api';
import { Result } from '../ui';
import { OrderShortcuts } from '../orders/order-shortcuts';
import { CentreView } from './centre-view';
import { LoginView } from './login-view';
import { keptToken, memberApi } from './member-api';

/** /h5/shop/<shopId>/member: the member centre of one shop, behind a phone + SMS login. */
export function MemberPage({ shopId }: { shopId: string }) {
  const [loggedIn, setLoggedIn] = useState(() => keptToken(shopId) !== null);
  const api = useMemo(() => memberApi(shopId, () => setLoggedIn(false)), [shopId]);
  const [shopName, setShopName] = useState('');
  const [missing, setMissing] = useState('');
  // Back from paying a level or card order (the sandbox page's return link).
  const payOrder = useAddress().query.get('order') ?? undefined;

  useEffect(() => {
    api
      .shopInfo()
      .then((s) => {
        setShopName(s.name);
        document.title = `会员中心 - ${s.name}`;
      })
      .catch((e) => setMissing(errMsg(e)));
  }, [api]);

  if (missing) {
    return (
      <main className="page">
        <div className="card">
          <Result tone="bad" title={missing} />
        </div>
      </main>
    );
  }
  if (!loggedIn) return <LoginView api={api} shopName={shopName} onIn={() => setLoggedIn(true)} />;
  return (
    <>
      <CentreView api={api} shopName={shopName} shopId={shopId} payOrder={payOrder}>
        <OrderShortcuts shopId={shopId} />
      </CentreView>
      <div className="page center">
        <button type="button" className="link" onClick={() => void api.logout()}>
          退出登录
        </button>
      </div>
    </>
  );
}
