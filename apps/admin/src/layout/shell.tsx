import { Breadcrumb } from 'antd';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { setServiceExpiredHandler } from '@/api/client';
import { resolveAccess } from '@/app/access';
import { SCREEN_PATHS, SCREENS } from '@/app/screens';
import { useUserInfo } from '@/hooks/use-can';
import { pageTitle } from '@/hooks/use-title';
import { ExceptionPage } from '@/shared/exception';
import { useBuyDialog } from '@/modules/billing/billing.queries';
import { BuyDialogHost } from '@/modules/billing/buy-dialog';
import { useServiceExpiredPrompt } from '@/modules/billing/service-expired';
import { useNotices } from '@/modules/home/home.queries';
import { useSetInfo } from '@/modules/login/login.queries';
import { useSession } from '@/store/session';
import { PageLoading } from './page-loading';
import { Sidebar } from './sidebar';
import { TopBar } from './topbar';
import { TrialBanner } from './trial-banner';
import { useHub } from './use-hub';
import './shell.css';

const EXCEPTION_TITLES: Record<string, string> = { '/403': '无权访问', '/404': '页面不存在' };

/** The main layout: sidebar, top bar, trial banner, breadcrumb and the routed screen. */
export default function Shell() {
  const loc = useLocation();
  const navigate = useNavigate();
  const info = useSession((s) => s.info);
  const update = useSession((s) => s.update);
  const hasEnterprise = Boolean(info?.self.renterID);
  const user = useUserInfo();
  const settings = useSetInfo(info?.self.renterID, hasEnterprise);
  const notices = useNotices(hasEnterprise);
  useHub();
  const openBuy = useBuyDialog((s) => s.open);
  const promptRenewal = useServiceExpiredPrompt();
  // A call refused with 1010 (the service ended) shows its message with 去续费.
  useEffect(() => {
    setServiceExpiredHandler(promptRenewal);
    return () => setServiceExpiredHandler(null);
  }, [promptRenewal]);

  useEffect(() => {
    if (user.data) update({ menu: user.data.menu, version: user.data.version, dueTime: user.data.version.serviceendtime });
  }, [user.data, update]);

  const access = info
    ? resolveAccess({
        pathname: loc.pathname,
        search: loc.search,
        hasToken: true,
        hasEnterprise,
        menu: user.data?.menu ?? [],
        screens: SCREEN_PATHS,
      })
    : null;
  const shopName = user.data?.version.shopname ?? info?.userCustomer?.name ?? '';
  const title = access?.kind === 'page' ? access.node.name : (EXCEPTION_TITLES[loc.pathname] ?? '');
  useEffect(() => {
    if (title) document.title = pageTitle(title, shopName);
  }, [title, shopName]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll the content to the top on navigation
  useEffect(() => {
    document.querySelector('.shell-content')?.scrollTo(0, 0);
  }, [loc.pathname]);

  if (!info) return <Navigate to="/login" replace />;
  if (!hasEnterprise) return <Navigate to="/SelectCustomesr" replace />;
  if (user.isLoading || !user.data)
    return user.isError ? <ExceptionPage status={500} onHome={() => window.location.reload()} /> : <PageLoading />;
  if (access?.kind === 'redirect') return <Navigate to={access.to} replace />;

  const data = user.data;
  const trail = access?.kind === 'page' ? access.trail : [];
  const Page = access?.kind === 'page' ? SCREENS[loc.pathname] : undefined;
  const logo = settings.data?.find((s) => s.type === 3)?.text ?? '';
  const servicePhone = settings.data?.find((s) => s.type === 12)?.text ?? '';
  const unread = (notices.data ?? []).filter((n) => !n.read).length;
  const home = () => navigate('/');

  return (
    <div className="shell">
      <Sidebar menu={data.menu} trail={trail} logo={logo} />
      <div className="shell-main">
        <TopBar version={data.version} phone={data.user.phone} roleName={data.roleName} unread={unread} isOwner={data.isOwner} />
        <TrialBanner version={data.version} servicePhone={servicePhone} canBuy={data.isOwner} onBuy={() => openBuy('')} />
        <main className="shell-content">
          {trail.length > 0 && (
            <Breadcrumb
              className="shell-breadcrumb"
              items={trail.filter((n, i) => i === 0 || n.name !== trail[i - 1].name).map((n) => ({ title: n.name }))}
            />
          )}
          {Page ? (
            <Suspense fallback={<PageLoading />}>
              <Page />
            </Suspense>
          ) : loc.pathname === '/403' ? (
            <ExceptionPage status={403} onHome={home} />
          ) : (
            <ExceptionPage status={404} onHome={home} />
          )}
        </main>
      </div>
      <BuyDialogHost />
    </div>
  );
}
