import { useEffect, useRef, useState, type FormEvent } from 'react';
import { passwordProblem } from '@shop/shared/domain/person';
import { account as t } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { signin as w } from '@shop/shared/i18n/signin';
import { Link } from '@shop/shared/react';
import { navigateToUrl } from 'single-spa';
import { Button, Notice, Skeleton, TextField, buttonClass } from '@shop/shared/ui';
import { passwordResetEmail, recoverEmail, resetPassword, sendResetTo, verifyEmailCode } from '../../auth/action-codes';
import { authErrorText } from '../../auth/auth-errors';
import { BusyBar, Screen } from './parts';
import { useBusy } from './use-busy';
import css from './widget.module.css';

/** Runs an action once per page (a code is single-use: never twice, not even in a double effect). */
function useOnce<T>(task: () => Promise<T>): { status: 'running' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown } {
  const [state, setState] = useState<{ status: 'running' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown }>({ status: 'running' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    task().then(
      (value) => setState({ status: 'done', value }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
    // The task is the page's: it runs for the code the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

function Continue({ path, testId }: { path: string | null; testId: string }) {
  return path ? (
    <Button block onClick={() => navigateToUrl(path)} data-testid={testId}>
      {w.continue}
    </Button>
  ) : (
    <Link to="Anmelden" className={buttonClass('primary', true)} data-testid={testId}>
      {w.toStart}
    </Link>
  );
}

/** The unrecoverable-error page: a link the widget cannot use (unknown mode, no code). */
export function UnrecoverablePage({ text }: { text?: string }) {
  return (
    <Screen title={w.unrecoverableTitle} intro={text ?? w.unrecoverable} testId="widget-unrecoverable">
      <Link to="Anmelden" className={buttonClass('primary', true)}>
        {w.toStart}
      </Link>
    </Screen>
  );
}

/** mode=resetPassword: the new password for the code's account, then success or failure (requirements#shop-behaviour). */
export function ResetPasswordAction({ code, continuePath }: { code: string; continuePath: string | null }) {
  const check = useOnce(() => passwordResetEmail(code));
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [result, setResult] = useState<'done' | 'failed' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, spinner, run } = useBusy();

  if (check.status === 'running') return <Skeleton height={160} />;
  if (check.status === 'failed' || result === 'failed') {
    return (
      <Screen title={w.resetFailedTitle} intro={w.resetFailed} testId="reset-action-failed">
        <Link to="resetPassword" className={buttonClass('primary', true)}>
          {w.recoveryTitle}
        </Link>
      </Screen>
    );
  }
  if (result === 'done') {
    return (
      <Screen title={w.resetDoneTitle} intro={w.resetDone} testId="reset-action-done">
        <Continue path={continuePath} testId="reset-action-continue" />
      </Screen>
    );
  }
  const problem = attempted ? passwordProblem(password, 'signUp') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (passwordProblem(password, 'signUp')) return;
    void run(() => resetPassword(code, password)).then(
      () => setResult('done'),
      (failure: unknown) => {
        const { field, text } = authErrorText(failure);
        if (field === 'password') setError(text);
        else setResult('failed');
      },
    );
  };
  return (
    <Screen title={w.resetTitle} intro={fill(w.resetFor, { email: check.value })} testId="reset-action">
      <BusyBar show={spinner} />
      <form className={css.form} onSubmit={submit} noValidate>
        <input type="email" name="email" autoComplete="username" value={check.value} readOnly hidden />
        <TextField
          label={w.newPassword}
          type="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          error={(problem === 'empty' ? t.passwordEmpty : problem === 'weak' ? t.weakPassword : undefined) ?? error ?? undefined}
          data-testid="reset-new-password"
        />
        <Button type="submit" block disabled={busy} data-testid="reset-save">
          {w.save}
        </Button>
      </form>
    </Screen>
  );
}

/** mode=verifyEmail (and verifyAndChangeEmail): confirms the e-mail; success or failure (requirements#shop-behaviour). */
export function VerifyEmailAction({ code, continuePath }: { code: string; continuePath: string | null }) {
  const state = useOnce(() => verifyEmailCode(code));
  if (state.status === 'running') return <Skeleton height={120} />;
  if (state.status === 'failed') {
    return (
      <Screen title={w.verifyFailedTitle} intro={w.verifyFailed} testId="verify-email-failed">
        <Link to="Account" className={buttonClass('primary', true)}>
          {t.accountTitle}
        </Link>
      </Screen>
    );
  }
  return (
    <Screen
      title={w.verifyDoneTitle}
      intro={state.value.changed ? fill(w.changeDone, { email: state.value.email ?? '' }) : w.verifyDone}
      testId="verify-email-done"
    >
      <Continue path={continuePath} testId="verify-email-continue" />
    </Screen>
  );
}

/** mode=recoverEmail: takes back an e-mail change and offers a password reset (requirements#shop-behaviour). */
export function RecoverEmailAction({ code }: { code: string }) {
  const state = useOnce(() => recoverEmail(code));
  const [sent, setSent] = useState<boolean | null>(null);
  const { busy, run } = useBusy();
  if (state.status === 'running') return <Skeleton height={120} />;
  if (state.status === 'failed') {
    return (
      <Screen title={w.recoverFailedTitle} intro={w.recoverFailed} testId="recover-email-failed">
        <Link to="Account" className={buttonClass('primary', true)}>
          {t.accountTitle}
        </Link>
      </Screen>
    );
  }
  const email = state.value;
  return (
    <Screen title={w.recoverDoneTitle} intro={fill(w.recoverDone, { email })} testId="recover-email-done">
      <p className={css.intro}>{w.recoverDoneHint}</p>
      {sent === true ? <Notice testId="recover-reset-sent">{fill(w.recoverySent, { email })}</Notice> : null}
      {sent === false ? <Notice error>{t.resetFailed}</Notice> : null}
      <Button block disabled={busy || sent === true} onClick={() => void run(() => sendResetTo(email)).then(setSent)} data-testid="recover-reset-password">
        {w.recoverResetPassword}
      </Button>
    </Screen>
  );
}
