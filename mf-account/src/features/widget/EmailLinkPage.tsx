import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isSignInWithEmailLink } from 'firebase/auth';
import { emailLinkCase, readLinkParams } from '@shop/shared/domain/email-link';
import { emailProblem } from '@shop/shared/domain/person';
import { account as t } from '@shop/shared/i18n/account';
import { signin as w } from '@shop/shared/i18n/signin';
import { Link } from '@shop/shared/react';
import { Button, Skeleton, TextField, buttonClass } from '@shop/shared/ui';
import { completeSignIn } from '../../auth/after-sign-in';
import { authErrorCode, authErrorText } from '../../auth/auth-errors';
import { completeLinkSignIn } from '../../auth/email-flows';
import { getShopAuth } from '../../auth/firebase';
import { startSession } from '../../auth/session-core';
import { clearLinkSession, readLinkSession } from '../../auth/widget-storage';
import { UnrecoverablePage } from './ActionPages';
import { BusyBar, Screen } from './parts';
import { useBusy } from './use-busy';
import css from './widget.module.css';

type State =
  | { readonly kind: 'checking' }
  | { readonly kind: 'confirm'; readonly error?: string }
  | { readonly kind: 'differentDevice' }
  | { readonly kind: 'anonymousMismatch' }
  | { readonly kind: 'failed'; readonly text: string };

/**
 * mode=signIn: an opened sign-in link (requirements#sign-in). On the device that asked for it the
 * guest is signed in at once; elsewhere the e-mail is confirmed first ('E-Mail-Adresse bestätigen');
 * a link that links a credential or upgrades a guest of another device says where to open it.
 */
export function EmailLinkPage() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const { busy, spinner, run } = useBusy();
  const href = useRef(window.location.href);
  const started = useRef(false);

  const complete = (address: string) =>
    run(async () => {
      try {
        await completeSignIn(await completeLinkSignIn(address, href.current));
      } catch (failure) {
        const code = authErrorCode(failure);
        if (code === 'auth/invalid-email') return setState({ kind: 'confirm', error: authErrorText(failure, 'emailLink').text });
        // requirements#errors: an e-mail already in use on link sign-in clears the stored state.
        if (code === 'auth/email-already-in-use') clearLinkSession();
        setState({ kind: 'failed', text: authErrorText(failure).text });
      }
    });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await startSession();
      const auth = await getShopAuth();
      if (!isSignInWithEmailLink(auth, href.current)) return setState({ kind: 'failed', text: w.unrecoverable });
      const current = auth.currentUser ? { uid: auth.currentUser.uid, isAnonymous: auth.currentUser.isAnonymous } : null;
      const found = emailLinkCase(readLinkSession(), readLinkParams(href.current), current);
      if (found.kind === 'sameDevice') return complete(found.email);
      setState(found.kind === 'confirmEmail' ? { kind: 'confirm' } : found);
    })().catch((failure: unknown) => setState({ kind: 'failed', text: authErrorText(failure).text }));
    // Runs once for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.kind === 'checking') {
    return (
      <>
        <BusyBar show={spinner} />
        <Skeleton height={120} />
      </>
    );
  }
  if (state.kind === 'failed') return <UnrecoverablePage text={state.text} />;
  if (state.kind === 'differentDevice') {
    return (
      <Screen title={w.differentDeviceTitle} intro={w.differentDevice} testId="link-different-device">
        <Link to="Anmelden" className={buttonClass('primary', true)}>
          {w.toStart}
        </Link>
      </Screen>
    );
  }
  if (state.kind === 'anonymousMismatch') {
    return (
      <Screen title={w.anonymousMismatchTitle} intro={w.anonymousMismatch} testId="link-anonymous-mismatch">
        <Link to="Anmelden" className={buttonClass('primary', true)}>
          {w.toStart}
        </Link>
      </Screen>
    );
  }
  const issue = attempted ? emailProblem(email) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!emailProblem(email)) void complete(email);
  };
  return (
    <Screen title={w.confirmTitle} intro={w.confirmIntro} testId="link-confirm">
      <BusyBar show={spinner} />
      <form className={css.form} onSubmit={submit} noValidate>
        <TextField
          label={w.emailLabel}
          type="email"
          autoComplete="email"
          value={email}
          onValue={setEmail}
          error={issue === 'empty' ? t.emailEmpty : issue === 'invalid' ? t.emailInvalid : state.error}
          data-testid="link-confirm-email"
        />
        <Button type="submit" block disabled={busy} data-testid="link-confirm-submit">
          {w.next}
        </Button>
      </form>
    </Screen>
  );
}
