import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { connectHub, speak } from '@/realtime/hub-client';
import { useSession } from '@/store/session';

/** Keeps the realtime connection while a token exists; pushed notices never close by themselves. */
export function useHub() {
  const info = useSession((s) => s.info);
  const logout = useSession((s) => s.logout);
  const { notification, message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const token = info?.token;
  const self = info?.self;
  useEffect(() => {
    if (!token || !self) return;
    return connectHub(token, self, {
      onNotice(p, tts) {
        // Keyed by its link: a page that shows its own notice of the same thing (the order list's 新订单, keyed by the
        // same link) replaces this one instead of stacking a second. A notice with a link opens it when clicked.
        const link = p.link;
        notification.info({
          key: link || undefined,
          message: p.title,
          description: p.message,
          duration: 0,
          placement: 'topRight',
          ...(link
            ? {
                style: { cursor: 'pointer' },
                onClick: () => {
                  notification.destroy(link);
                  navigate(link);
                },
              }
            : {}),
        });
        if (tts) speak(`${p.title}，${p.message}`);
        // A notice means something changed: lists on screen (forms, orders, dashboard) refresh now, not in 30 s.
        for (const key of ['home', 'forms', 'orders']) qc.invalidateQueries({ queryKey: [key] });
      },
      // The server ended this session (staff disabled or removed, password reset elsewhere): leave at once, as the
      // user's own logout does, and say why.
      onLogout(p) {
        logout();
        qc.clear();
        notification.destroy();
        navigate('/login', { replace: true });
        message.warning(p.message || '登录已失效，请重新登录', 5);
      },
    });
  }, [token, self, notification, message, qc, logout, navigate]);
}
