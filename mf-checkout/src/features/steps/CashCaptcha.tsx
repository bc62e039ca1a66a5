import { useEffect, useRef, useState } from 'react';
import { callAction } from '@shop/shared/client';
import { de } from '@shop/shared/i18n';
import css from './steps.module.css';

export interface CaptchaValue {
  /** The solved check, as the widget hands it over (base64). */
  readonly payload: string;
}

type Widget = HTMLElementTagNameMap['altcha-widget'];

/**
 * Loads the ALTCHA widget (its CSP-friendly build: no inline code, the proof-of-work worker as its
 * own file) with the shop's German words, once.
 */
let loaded: Promise<void> | null = null;
function loadWidget(): Promise<void> {
  loaded ??= (async () => {
    await import('altcha/altcha.css');
    await import('altcha/external');
    await import('altcha/i18n/de');
    const altcha = (globalThis as unknown as { $altcha: import('altcha/types').AltchaGlobal }).$altcha;
    altcha.algorithms.set('PBKDF2/SHA-256', () => new Worker(new URL('altcha/workers/pbkdf2', import.meta.url)));
    altcha.i18n.set('de', { ...(altcha.i18n.get('de') ?? {}), ...de.checkout.captchaWidget });
  })();
  return loaded;
}

/**
 * The widget is a Svelte custom element: its methods exist once the element has mounted its
 * component, a task after it was connected. Waits for that (at most about 2 s).
 */
async function mounted(widget: Widget): Promise<void> {
  for (let i = 0; i < 100 && typeof (widget as Partial<Widget>).configure !== 'function'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (typeof (widget as Partial<Widget>).configure !== 'function') throw new Error('The ALTCHA widget did not mount');
}

/**
 * The human check of orders paid on site (requirements#checkout-screens: the order button shows only once it is
 * passed; ADR 0014). A proof of work the browser solves by itself right away — no picture, no
 * puzzle, usable with keyboard and screen reader; the server issues and checks it.
 */
export function CashCaptcha({ value, onChange }: { value: CaptchaValue | null; onChange: (v: CaptchaValue | null) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    if (value) return;
    let widget: Widget | null = null;
    let alive = true;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      change.current(state === 'verified' && payload ? { payload } : null);
    };
    void Promise.all([loadWidget(), callAction('GetCashCaptcha', {})])
      .then(async ([, res]) => {
        if (!alive || !host.current) return;
        if (!res.ok) return setFailed(true);
        widget = document.createElement('altcha-widget');
        widget.setAttribute('name', 'shop-captcha');
        widget.addEventListener('statechange', onState);
        host.current.append(widget);
        await mounted(widget);
        if (!alive) return;
        await widget.configure({ challenge: res.challenge as never, language: 'de', auto: 'off', hideFooter: true });
        // Solved right away: the guest only sees it tick (the button to order appears when it is done).
        await widget.verify();
      })
      .catch((error: unknown) => {
        console.warn('[mf_checkout] human check unavailable', error);
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
      widget?.removeEventListener('statechange', onState);
      widget?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div data-testid="cash-captcha" className={css.captcha}>
      <p className={css.captchaLabel}>{de.checkout.captchaLabel}</p>
      <div ref={host} data-testid="cash-captcha-widget" />
      {failed ? <p role="alert">{de.checkout.stepException}</p> : null}
      <p className={css.muted}>{de.checkout.captchaHint}</p>
    </div>
  );
}
