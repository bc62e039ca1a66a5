import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { RecaptchaVerifier } from 'firebase/auth';
import type { SignInSettings } from '@shop/shared/contract';
import { filterPhoneInput } from '@shop/shared/domain/phone';
import {
  DEFAULT_PHONE_COUNTRY,
  displayPhone,
  isVerificationCode,
  mayTryCode,
  offeredCountries,
  phoneNumberFor,
  resendSecondsLeft,
} from '@shop/shared/domain/phone-sign-in';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { fill } from '@shop/shared/i18n/fill';
import { signin as w } from '@shop/shared/i18n/signin';
import { Button, Icon, Notice, TextField } from '@shop/shared/ui';
import type { SignedIn } from '../../auth/after-sign-in';
import { authErrorCode, authErrorText } from '../../auth/auth-errors';
import { confirmPhoneCode, createRecaptcha, sendPhoneCode, type CodeSent } from '../../auth/phone-flows';
import { BusyBar, LinkButton, Screen } from './parts';
import { useBusy } from './use-busy';
import css from './widget.module.css';

type Stage =
  | { readonly kind: 'entry'; readonly error?: string }
  | { readonly kind: 'code'; readonly e164: string; readonly sent: CodeSent; readonly sentAt: number; readonly failed: number }
  | { readonly kind: 'success' };

/** Seconds until "Code erneut senden" (15 s countdown, requirements#constants), ticking once a second. */
function useCountdown(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [sentAt]);
  return sentAt === null ? 0 : resendSecondsLeft(sentAt, Math.max(now, sentAt));
}

/**
 * Phone sign-in (requirements#sign-in): country (DE by default, AT, CH) and number, the reCAPTCHA
 * checkbox, then the 6-digit code; at most 6 attempts, a new code after a 15 s countdown, an expired
 * code back to the start, 'Bestätigt!' for 1 s on success. An anonymous guest links the number.
 */
export function PhoneFlow({ settings, onDone, onBack }: { settings: SignInSettings; onDone: (done: SignedIn) => void; onBack: () => void }) {
  const countries = offeredCountries(settings);
  const [countryCode, setCountryCode] = useState(countries.find((c) => c.countryCode === DEFAULT_PHONE_COUNTRY)?.combined ?? countries[0]?.combined ?? '');
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'entry' });
  const [ticked, setTicked] = useState(false);
  const [recaptchaMissing, setRecaptchaMissing] = useState(false);
  const { busy, spinner, run } = useBusy();
  const area = useRef<HTMLDivElement>(null);
  const verifier = useRef<RecaptchaVerifier | null>(null);
  const secondsLeft = useCountdown(stage.kind === 'code' ? stage.sentAt : null);
  // A fresh checkbox for every send: on the entry page, and on the code page once a new code may be sent.
  const needsRecaptcha = stage.kind === 'entry' || (stage.kind === 'code' && secondsLeft === 0);
  const recaptchaRound = stage.kind === 'code' ? `code-${stage.sentAt}` : 'entry';

  useEffect(() => {
    if (!needsRecaptcha || !area.current) return;
    const holder = document.createElement('div');
    area.current.replaceChildren(holder);
    let alive = true;
    setTicked(false);
    createRecaptcha(holder, (value) => {
      if (!alive) return;
      setTicked(value);
      if (value) setRecaptchaMissing(false);
    }).then(
      (created) => {
        if (alive) verifier.current = created;
        else created.clear();
      },
      (error: unknown) => alive && setFormError(authErrorText(error, 'phone').text),
    );
    return () => {
      alive = false;
      try {
        verifier.current?.clear();
      } catch {
        // already cleared
      }
      verifier.current = null;
    };
  }, [needsRecaptcha, recaptchaRound]);

  const country = countries.find((c) => c.combined === countryCode) ?? countries[0]!;

  const send = async (e164: string): Promise<boolean> => {
    if (!ticked || !verifier.current) {
      setRecaptchaMissing(true);
      return false;
    }
    setFormError(null);
    try {
      const sent = await run(() => sendPhoneCode(e164, verifier.current!));
      setCode('');
      setCodeError(undefined);
      setStage({ kind: 'code', e164, sent, sentAt: Date.now(), failed: 0 });
      return true;
    } catch (error) {
      const { field, text } = authErrorText(error, 'phone');
      if (field === 'phone') setNumberError(text);
      else setFormError(text);
      setStage({ kind: 'entry' });
      return false;
    }
  };

  const submitNumber = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const result = phoneNumberFor(country, number, countries);
    if (!result.ok) {
      setNumberError(result.problem === 'unsupportedCountry' ? w.countryUnsupported : w.phoneInvalid);
      return;
    }
    setNumberError(undefined);
    void send(result.e164);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind !== 'code') return;
    if (!isVerificationCode(code)) {
      setCodeError(w.codeFormat);
      return;
    }
    setCodeError(undefined);
    setFormError(null);
    try {
      const done = await run(() => confirmPhoneCode(stage.sent, code));
      setStage({ kind: 'success' });
      // The success page stays 1 s (requirements#shop-behaviour, requirements#constants).
      window.setTimeout(() => onDone(done), SHOP_CONSTANTS.successScreenMs);
    } catch (error) {
      const errorCode = authErrorCode(error);
      if (errorCode === 'auth/code-expired' || errorCode === 'auth/invalid-verification-id' || errorCode === 'auth/missing-verification-id') {
        // An expired code goes back to the start (requirements#shop-behaviour, requirements#errors).
        setStage({ kind: 'entry', error: w.codeExpired });
        return;
      }
      if (errorCode === 'auth/invalid-verification-code') {
        const failed = stage.failed + 1;
        if (!mayTryCode(failed)) {
          // More than 6 attempts: the verification failed (requirements#errors), a new code is needed.
          setStage({ kind: 'entry', error: w.codeAttemptsUsed });
          return;
        }
        setStage({ ...stage, failed });
        setCodeError(`${w.codeInvalid} ${fill(w.attemptsLeft, { count: SHOP_CONSTANTS.phoneAttempts - failed })}`);
        return;
      }
      const { field, text } = authErrorText(error, 'phone');
      if (field === 'code') setCodeError(text);
      else setFormError(text);
    }
  };

  const resend = () => {
    if (stage.kind !== 'code') return;
    setNotice(null);
    void send(stage.e164).then((sent) => sent && setNotice(w.codeSentAgain));
  };

  const recaptcha = (
    <>
      <div
        ref={area}
        className={[css.recaptcha, needsRecaptcha ? '' : css.recaptchaHidden].join(' ')}
        aria-label={w.recaptchaLabel}
        data-testid="phone-recaptcha"
        data-ticked={ticked}
      />
      {recaptchaMissing ? (
        <p className={css.recaptchaError} role="alert" data-testid="recaptcha-missing">
          {w.recaptchaMissing}
        </p>
      ) : null}
    </>
  );

  if (stage.kind === 'success') {
    return (
      <Screen title={w.codeTitle} testId="widget-phone-success">
        <div className={css.success} role="status">
          <Icon name="check" size={40} />
          {w.verified}
        </div>
        {recaptcha}
      </Screen>
    );
  }

  if (stage.kind === 'code') {
    return (
      <Screen title={w.codeTitle} intro={fill(w.codeIntro, { phone: displayPhone(stage.e164) })} error={formError} testId="widget-code">
        <BusyBar show={spinner} />
        {notice ? <Notice testId="code-notice">{notice}</Notice> : null}
        <form className={css.form} onSubmit={(e) => void submitCode(e)} noValidate>
          <TextField
            label={w.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SHOP_CONSTANTS.phoneCodeLength}
            value={code}
            onValue={(v) => setCode(v.replace(/\D/g, ''))}
            error={codeError}
            data-testid="phone-code"
          />
          <Button type="submit" block disabled={busy} data-testid="phone-code-submit">
            {w.confirmCode}
          </Button>
        </form>
        <div className={css.links}>
          {secondsLeft > 0 ? (
            <span className={css.intro} data-testid="phone-resend-countdown">
              {fill(w.resendIn, { seconds: String(secondsLeft).padStart(2, '0') })}
            </span>
          ) : null}
        </div>
        {recaptcha}
        {secondsLeft === 0 ? (
          <Button variant="secondary" block disabled={busy} onClick={resend} data-testid="phone-resend">
            {w.resendCode}
          </Button>
        ) : null}
        <div className={css.links}>
          <LinkButton onClick={() => setStage({ kind: 'entry' })} testId="phone-change">
            {w.changePhone}
          </LinkButton>
        </div>
      </Screen>
    );
  }

  return (
    <Screen title={w.phoneTitle} error={stage.error ?? formError} testId="widget-phone">
      <BusyBar show={spinner} />
      <form className={css.form} onSubmit={submitNumber} noValidate>
        <label className={css.field}>
          <span className={css.label}>{w.country}</span>
          <select className={css.select} value={countryCode} onChange={(e) => setCountryCode(e.target.value)} data-testid="phone-country">
            {countries.map((c) => (
              <option key={c.combined} value={c.combined}>
                {`${c.name} (${c.dialCode})`}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={w.phoneNumber}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={number}
          onValue={(v) => setNumber(filterPhoneInput(v))}
          error={numberError}
          data-testid="phone-number"
        />
        {recaptcha}
        <p className={css.intro}>{w.phoneSmsNote}</p>
        <Button type="submit" block disabled={busy} data-testid="phone-submit">
          {w.sendCode}
        </Button>
      </form>
      <div className={css.links}>
        <LinkButton onClick={onBack} testId="signin-back">
          {w.back}
        </LinkButton>
      </div>
    </Screen>
  );
}
