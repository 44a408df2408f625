import { Button, type ButtonProps } from 'antd';
import { type MouseEvent, useEffect, useRef, useState } from 'react';

export const BUTTON_DEBOUNCE_MS = 1000;

/** A button that goes disabled for BUTTON_DEBOUNCE_MS after a click, so a double click submits once. */
export function DebouncedButton({ onClick, disabled, ...rest }: ButtonProps) {
  const [cooling, setCooling] = useState(false);
  // The ref also stops a second click that lands before React re-renders the button as disabled.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const click = (event: MouseEvent<HTMLElement>) => {
    if (timer.current !== undefined) {
      event.preventDefault(); // a submit button's second click must not submit its form either
      return;
    }
    // A submit button disabled during its own click never submits its form (the browser checks `disabled` after the
    // handlers ran): disable it once the click is done.
    if (rest.htmlType === 'submit') setTimeout(() => setCooling(true));
    else setCooling(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setCooling(false);
    }, BUTTON_DEBOUNCE_MS);
    onClick?.(event);
  };

  return <Button {...rest} disabled={disabled || cooling} onClick={click} />;
}
