import { useCallback, useEffect, useRef, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { on, type OverlayRequest } from '@shop/shared/bus';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import css from './overlays.module.css';

type ToastRequest = Extract<OverlayRequest, { kind: 'toast' | 'snackbar' }>;

/**
 * Toasts and snackbars (requirements#screens Overlays; docs/requirements.md#accessibility). One live region,
 * always present, so what is put into it is announced. The shell renders it between the header and
 * the page, so its link comes right after the navigation in tab order; on screen it floats in the
 * bottom layer above the cart bar, the page keeps room for it and focus is never left under it
 * (shell/src/navigation/covered-edges.ts). Pointer or focus on it pauses its timer.
 */
export function Toast() {
  const [toast, setToast] = useState<ToastRequest | null>(null);
  const timer = useRef(0);
  const deadline = useRef(0);
  const remaining = useRef(0);
  const paused = useRef({ hover: false, focus: false });

  const run = useCallback((ms: number) => {
    window.clearTimeout(timer.current);
    deadline.current = Date.now() + ms;
    timer.current = window.setTimeout(() => setToast(null), ms);
  }, []);

  useEffect(() => {
    const sub = on('shell:overlay').subscribe((request) => {
      if (request.kind !== 'toast' && request.kind !== 'snackbar') return;
      setToast(request);
      const ms = request.durationMs ?? SHOP_CONSTANTS.snackbarMs;
      if (paused.current.hover || paused.current.focus) {
        window.clearTimeout(timer.current);
        remaining.current = ms;
      } else run(ms);
    });
    return () => {
      sub.unsubscribe();
      window.clearTimeout(timer.current);
    };
  }, [run]);

  const pause = (why: 'hover' | 'focus') => {
    const wasRunning = !paused.current.hover && !paused.current.focus;
    paused.current[why] = true;
    if (wasRunning) {
      window.clearTimeout(timer.current);
      remaining.current = Math.max(0, deadline.current - Date.now());
    }
  };
  const resume = (why: 'hover' | 'focus') => {
    paused.current[why] = false;
    // Resumed with what was left, but never less than a moment to read it again.
    if (!paused.current.hover && !paused.current.focus && toast) run(Math.max(remaining.current, 1500));
  };

  // A toast asked for at the top (e.g. the stamp toast, which would cover the push question's buttons at the bottom).
  const top = toast?.kind === 'toast' && toast.placement === 'top';
  return (
    <div
      className={toast ? [css.toast, top ? css.toastTop : ''].join(' ') : css.srOnly}
      role="status"
      data-testid={toast?.kind ?? 'toast-region'}
      data-placement={top ? 'top' : undefined}
      data-fixed-layer={toast ? (top ? 'top-float' : 'bottom-float') : undefined}
      onMouseEnter={() => pause('hover')}
      onMouseLeave={() => resume('hover')}
      onFocus={() => pause('focus')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) resume('focus');
      }}
    >
      {toast ? <span>{toast.text}</span> : null}
      {toast?.kind === 'toast' && toast.action ? (
        <a
          href={toast.action.href}
          data-testid="toast-action"
          onClick={(event) => {
            event.preventDefault();
            const href = toast.action!.href;
            window.clearTimeout(timer.current);
            setToast(null);
            navigateToUrl(href);
          }}
        >
          {toast.action.label}
        </a>
      ) : null}
    </div>
  );
}
