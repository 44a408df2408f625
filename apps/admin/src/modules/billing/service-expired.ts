import { App } from 'antd';
import { useCallback, useRef } from 'react';
import { useBuyDialog } from './billing.queries';

/**
 * What the console does with a 1010 answer (the service has ended): the server's message with a 去续费 action that
 * opens the buy dialog. One prompt at a time, however many calls were refused.
 */
export function useServiceExpiredPrompt(): (msg: string) => void {
  const { modal } = App.useApp();
  const showing = useRef(false);
  return useCallback(
    (msg: string) => {
      if (showing.current) return;
      showing.current = true;
      modal.confirm({
        title: msg,
        okText: '去续费',
        cancelText: '稍后',
        onOk: () => useBuyDialog.getState().open(''),
        afterClose: () => {
          showing.current = false;
        },
      });
    },
    [modal],
  );
}
