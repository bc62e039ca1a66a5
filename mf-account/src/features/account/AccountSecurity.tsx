import { useState, type FormEvent } from 'react';
import { ask, emit } from '@shop/shared/bus';
import { emailProblem, normalizeEmail, passwordProblem } from '@shop/shared/domain/person';
import { account as t } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { profile as p } from '@shop/shared/i18n/profile';
import { signin as w } from '@shop/shared/i18n/signin';
import { navigateTo } from '@shop/shared/routes';
import type { AuthUser } from '@shop/shared/stores';
import { Button, Notice, TextField } from '@shop/shared/ui';
import { authErrorCode, authErrorText } from '../../auth/auth-errors';
import { changeEmail, changePassword, deleteAccount, reauthKind, reauthenticate, sendVerification } from '../../auth/profile-flows';
import { endSession } from '../../auth/session-core';
import { keepRedirectUrl } from '../../auth/widget-storage';
import { getShopAuth } from '../../auth/firebase';
import css from '../account.module.css';
import pcss from './profile.module.css';

const needsRecentLogin = (error: unknown) => {
  const code = authErrorCode(error);
  return code === 'auth/requires-recent-login' || code === 'auth/user-token-expired';
};

/**
 * The re-authentication a change asked for (auth/requires-recent-login, requirements#errors: "sign in
 * again for this action"): the current password, the provider's popup, or signing in again.
 */
function Reauthenticate({ kind, onDone, onCancel }: { kind: ReturnType<typeof reauthKind>; onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    if (kind === 'password' && password === '') return setError(t.passwordEmpty);
    setBusy(true);
    try {
      await reauthenticate(password);
      onDone();
    } catch (failure) {
      setError(authErrorText(failure, 'password').text);
    } finally {
      setBusy(false);
    }
  };
  const signInAgain = async () => {
    keepRedirectUrl(window.location.pathname);
    await endSession();
    navigateTo('Anmelden');
  };
  return (
    <div className={pcss.inline} data-testid="reauth">
      <Notice>{t.requiresRecentLogin}</Notice>
      {kind === 'password' ? (
        <form className={pcss.inline} onSubmit={(e) => void confirm(e)} noValidate>
          <p className={css.muted}>{p.reauthPassword}</p>
          <TextField
            label={p.currentPassword}
            type="password"
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
            error={error}
            data-testid="reauth-password"
          />
          <Button type="submit" block disabled={busy} data-testid="reauth-confirm">
            {p.reauthConfirm}
          </Button>
        </form>
      ) : kind === 'signInAgain' ? (
        <Button block onClick={() => void signInAgain()} data-testid="reauth-sign-in-again">
          {p.signInAgain}
        </Button>
      ) : (
        <>
          <p className={css.muted}>{fill(p.reauthProvider, { provider: w.providerNames[kind] ?? kind })}</p>
          {error ? <Notice error>{error}</Notice> : null}
          <Button block disabled={busy} onClick={() => void confirm()} data-testid="reauth-provider">
            {fill(w.continueWithProvider, { provider: w.providerNames[kind] ?? kind })}
          </Button>
        </>
      )}
      <Button variant="ghost" block onClick={onCancel}>
        {w.cancel}
      </Button>
    </div>
  );
}

/** Runs a change; asks for a recent sign-in when Firebase wants one, then runs it again. */
function useRecentLogin() {
  const [retry, setRetry] = useState<(() => Promise<void>) | null>(null);
  const [kind, setKind] = useState<ReturnType<typeof reauthKind>>('password');
  const guard = async (task: () => Promise<void>, onError: (error: unknown) => void) => {
    try {
      await task();
    } catch (error) {
      if (!needsRecentLogin(error)) return onError(error);
      const user = (await getShopAuth()).currentUser;
      setKind(user ? reauthKind(user) : 'signInAgain');
      setRetry(() => async () => {
        setRetry(null);
        await task().catch(onError);
      });
    }
  };
  const panel = retry ? <Reauthenticate kind={kind} onDone={() => void retry()} onCancel={() => setRetry(null)} /> : null;
  return { guard, panel };
}

/** E-mail: verification (send, then the widget's verifyEmail page confirms) and change (verifyBeforeUpdateEmail). */
export function EmailSection({ user }: { user: AuthUser }) {
  const [sent, setSent] = useState<string | null>(null);
  const [changeSent, setChangeSent] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { guard, panel } = useRecentLogin();
  if (!user.email) return null;

  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent(await sendVerification());
    } catch (failure) {
      setError(authErrorText(failure).text);
    } finally {
      setBusy(false);
    }
  };
  const issue = attempted ? emailProblem(newEmail) : null;
  const same = attempted && !issue && normalizeEmail(newEmail) === normalizeEmail(user.email);
  const change = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    if (emailProblem(newEmail) || normalizeEmail(newEmail) === normalizeEmail(user.email ?? '')) return;
    setBusy(true);
    await guard(
      async () => setChangeSent(await changeEmail(newEmail)),
      (failure) => setError(authErrorText(failure).text),
    );
    setBusy(false);
  };

  return (
    <section className={css.card} aria-labelledby="email-title" data-testid="email-section">
      <h2 className={css.sectionTitle} id="email-title">
        {p.emailTitle}
      </h2>
      <p className={[pcss.status, user.emailVerified ? pcss.verified : pcss.unverified].join(' ')} data-testid="email-status">
        {user.emailVerified ? t.emailVerified : t.emailNotVerified}
      </p>
      {error ? <Notice error>{error}</Notice> : null}
      {!user.emailVerified ? (
        sent ? (
          <Notice testId="verification-sent">{fill(p.verificationSent, { email: sent })}</Notice>
        ) : (
          <Button variant="secondary" block disabled={busy} onClick={() => void verify()} data-testid="send-verification">
            {p.sendVerification}
          </Button>
        )
      ) : null}
      {changeSent ? (
        <Notice testId="email-change-sent">{fill(p.changeLinkSent, { email: changeSent })}</Notice>
      ) : (
        <form className={pcss.inline} onSubmit={(e) => void change(e)} noValidate>
          <TextField
            label={p.newEmail}
            type="email"
            autoComplete="email"
            value={newEmail}
            onValue={setNewEmail}
            error={issue === 'empty' ? t.emailEmpty : issue === 'invalid' ? t.emailInvalid : same ? p.sameEmail : undefined}
            data-testid="new-email"
          />
          <Button variant="secondary" type="submit" block disabled={busy} data-testid="change-email">
            {p.sendChangeLink}
          </Button>
        </form>
      )}
      {panel}
    </section>
  );
}

/** Password change for password accounts (re-authentication when Firebase asks for it). */
export function PasswordSection() {
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { guard, panel } = useRecentLogin();
  const problem = attempted ? passwordProblem(password, 'signUp') : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    if (passwordProblem(password, 'signUp')) return;
    setBusy(true);
    await guard(
      async () => {
        await changePassword(password);
        setPassword('');
        setAttempted(false);
        emit('shell:overlay', { kind: 'snackbar', text: p.passwordChanged });
      },
      (failure) => setError(authErrorText(failure).text),
    );
    setBusy(false);
  };
  return (
    <section className={css.card} aria-labelledby="password-title" data-testid="password-section">
      <h2 className={css.sectionTitle} id="password-title">
        {p.passwordTitle}
      </h2>
      {error ? <Notice error>{error}</Notice> : null}
      <form className={pcss.inline} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={p.newPassword}
          type="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          error={problem === 'empty' ? t.passwordEmpty : problem === 'weak' ? t.weakPassword : undefined}
          data-testid="new-password"
        />
        <Button variant="secondary" type="submit" block disabled={busy} data-testid="change-password">
          {p.changePassword}
        </Button>
      </form>
      {panel}
    </section>
  );
}

/** Deletes the account (GDPR): the server's data (orders kept anonymised), then the Firebase user. */
export function DeleteSection({ onDeleted }: { onDeleted: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { guard, panel } = useRecentLogin();
  const remove = async () => {
    if (!(await ask(p.deleteQuestion, { text: p.deleteText }))) return;
    setBusy(true);
    setError(null);
    await guard(
      async () => {
        await deleteAccount();
        onDeleted();
      },
      () => setError(p.deleteFailed),
    );
    setBusy(false);
  };
  return (
    <section className={css.card} aria-labelledby="delete-title" data-testid="delete-section">
      <h2 className={[css.sectionTitle, pcss.danger].join(' ')} id="delete-title">
        {p.deleteTitle}
      </h2>
      <p className={css.muted}>{p.deleteInfo}</p>
      {error ? <Notice error>{error}</Notice> : null}
      <Button variant="ghost" block disabled={busy} onClick={() => void remove()} data-testid="delete-account">
        {p.deleteButton}
      </Button>
      {panel}
    </section>
  );
}
