import { useCallback, useEffect, useState } from 'react';
import { callAction } from '@shop/shared/client';
import { isCaptchaComplete } from '@shop/shared/domain/checkout-validation';
import { de } from '@shop/shared/i18n';
import { Button } from '@shop/shared/ui';
import { Field } from '../ui/fields';
import css from './steps.module.css';

export interface CaptchaValue {
  readonly id: string;
  readonly answer: string;
}

/**
 * The cash captcha of the pickup-payment flow (checkout-spec §2, §9): the order button shows only
 * when 4 characters are typed. The code is issued and checked by the server.
 */
export function CashCaptcha({ value, onChange }: { value: CaptchaValue | null; onChange: (v: CaptchaValue | null) => void }) {
  const [captcha, setCaptcha] = useState<{ captchaId: string; svg: string } | null>(null);
  const [input, setInput] = useState('');
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    setInput('');
    onChange(null);
    callAction('GetCashCaptcha', {}).then(
      (res) => (res.ok ? setCaptcha({ captchaId: res.captchaId, svg: res.svg }) : setFailed(true)),
      () => setFailed(true),
    );
  }, [onChange]);

  useEffect(() => {
    if (!value) load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div data-testid="cash-captcha">
      <div className={css.captcha}>
        {captcha ? (
          <img className={css.captchaImage} alt={de.checkout.captchaLabel} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`} />
        ) : null}
        <Button variant="ghost" onClick={load}>
          {de.checkout.captchaReload}
        </Button>
      </div>
      {failed ? <p role="alert">{de.checkout.stepException}</p> : null}
      <Field
        label={de.checkout.captchaLabel}
        value={input}
        maxLength={4}
        autoComplete="off"
        autoCapitalize="characters"
        onValue={(v) => {
          const next = v.replace(/\s/g, '').slice(0, 4);
          setInput(next);
          onChange(captcha && isCaptchaComplete(next) ? { id: captcha.captchaId, answer: next } : null);
        }}
        testId="captcha-input"
      />
      <p className={css.muted}>{de.checkout.captchaHint}</p>
    </div>
  );
}
