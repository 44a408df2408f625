import { App as AntApp } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { setExpiredHandler } from '@/api/client';
import { PageLoading } from '@/layout/page-loading';
import { FullScreenLoading } from '@/shared/loading';
import { useSession } from '@/store/session';

const LoginPage = lazy(() => import('@/modules/login/login-page'));
const RegisterPage = lazy(() => import('@/modules/login/register-page'));
const ResetPwdPage = lazy(() => import('@/modules/login/reset-pwd-page'));
const SelectCustomerPage = lazy(() => import('@/modules/login/select-customer-page'));
const Shell = lazy(() => import('@/layout/shell'));

function RequireToken({ children }: { children: React.ReactNode }) {
  const info = useSession((s) => s.info);
  const loc = useLocation();
  if (!info || Date.now() > info.expires) {
    // A navigation already under way (logout → /login) wins: the router applies it in a transition,
    // after this render, and the redirect below would otherwise replace it with /login?redirect=…
    if (window.location.pathname !== loc.pathname) return null;
    const bare = loc.pathname === '/403' || loc.pathname === '/404';
    return <Navigate to={bare ? '/login' : `/login?redirect=${encodeURIComponent(loc.pathname + loc.search)}`} replace />;
  }
  return <>{children}</>;
}

/** Top-level routes: the public pages, choosing an enterprise, and the shell for everything else. */
export function AppRoutes() {
  const navigate = useNavigate();
  const loc = useLocation();
  const { notification } = AntApp.useApp();
  useEffect(() => {
    setExpiredHandler(() => {
      useSession.getState().logout();
      notification.destroy();
      // Already on the login page (a call of its own came back 401): stay, keeping its redirect.
      if (window.location.pathname === '/login') return;
      const here = window.location.pathname + window.location.search;
      navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
    });
  }, [navigate, notification]);
  // Navigation scrolls to the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [loc.pathname]);
  return (
    <>
      <FullScreenLoading />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/Register" element={<RegisterPage />} />
          <Route path="/Resetpwd" element={<ResetPwdPage />} />
          <Route
            path="/SelectCustomesr"
            element={
              <RequireToken>
                <SelectCustomerPage />
              </RequireToken>
            }
          />
          <Route
            path="*"
            element={
              <RequireToken>
                <Shell />
              </RequireToken>
            }
          />
        </Routes>
      </Suspense>
    </>
  );
}
