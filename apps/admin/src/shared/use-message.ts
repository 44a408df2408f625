import { App, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/** antd's message bound to the surrounding <App> (theme, locale) when there is one, else the static API. */
export function useMessage(): MessageInstance {
  const { message } = App.useApp();
  // Outside <App> the context holds an empty object rather than an instance.
  return typeof message.warning === 'function' ? message : staticMessage;
}
