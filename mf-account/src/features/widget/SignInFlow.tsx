import { useEffect, useRef, useState } from 'react';
import type { SignInSettings } from '@shop/shared/contract';
import { nextStepForEmail, type FederatedProviderId } from '@shop/shared/domain/sign-in';
import { normalizeEmail } from '@shop/shared/domain/person';
import { signin as w } from '@shop/shared/i18n/signin';
import { completeSignIn, type SignedIn } from '../../auth/after-sign-in';
import { startGuestSession } from '../../auth/anonymous';
import { authErrorCode, authErrorText } from '../../auth/auth-errors';
import { createAccount, lookupEmail, passwordSignIn, sendSignInLink } from '../../auth/email-flows';
import { federatedSignIn, type FederatedOutcome } from '../../auth/federated';
import { endSession } from '../../auth/session-core';
import { clearPendingCredential, peekPendingCredential } from '../../auth/widget-storage';
import {
  CreateScreen,
  FederatedScreen,
  LinkSentScreen,
  MismatchScreen,
  NotReceivedScreen,
  PasswordScreen,
  SelectScreen,
  UnsupportedScreen,
  type FieldErrors,
} from './EmailScreens';
import { PhoneFlow } from './PhoneFlow';
import { useBusy } from './use-busy';

type View =
  | { readonly kind: 'select' }
  | { readonly kind: 'password'; readonly email: string; readonly linking?: string }
  | { readonly kind: 'create'; readonly email: string }
  | { readonly kind: 'linkSent'; readonly email: string; readonly linking?: string }
  | { readonly kind: 'notReceived'; readonly email: string; readonly linking?: string }
  | { readonly kind: 'federated'; readonly email: string; readonly providerId: FederatedProviderId; readonly linking?: string }
  | { readonly kind: 'unsupported'; readonly email: string; readonly method: string }
  | { readonly kind: 'mismatch'; readonly entered: string; readonly done: SignedIn }
  | { readonly kind: 'phone' };

/**
 * The sign-in widget's flow (requirements#sign-in): the e-mail is looked up, then the password page,
 * account creation, a sign-in link, the e-mail's provider or the unsupported-provider page; phone;
 * Google and Apple; an anonymous guest session. For an anonymous guest every way upgrades (or, when
 * the account exists, signs in there and merges).
 */
export function SignInFlow({ settings, anonymous, start }: { settings: SignInSettings; anonymous: boolean; start?: FederatedOutcome }) {
  const [view, setView] = useState<View>({ kind: 'select' });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const { busy, spinner, run } = useBusy();
  const offers = (p: SignInSettings['providers'][number]) => settings.providers.includes(p);

  const go = (next: View) => {
    setError(null);
    setFieldErrors({});
    setView(next);
  };
  const back = () => {
    clearPendingCredential();
    go({ kind: 'select' });
  };
  const fail = (failure: unknown, context: Parameters<typeof authErrorText>[1] = 'general') => {
    const { field, text } = authErrorText(failure, context);
    if (field === 'email' || field === 'password' || field === 'name') setFieldErrors({ [field]: text });
    else setError(text);
  };
  const finish = (done: SignedIn) => completeSignIn(done);

  /** The pages after the e-mail (and the linking pages, when a provider credential waits). */
  const afterEmail = async (email: string, methods: string[], linking?: string) => {
    const step = nextStepForEmail(methods, settings.providers);
    if (step.kind === 'password') return go({ kind: 'password', email, ...(linking ? { linking } : {}) });
    if (step.kind === 'create') return go({ kind: 'create', email });
    if (step.kind === 'emailLink') {
      const pending = linking ? peekPendingCredential() : null;
      await sendSignInLink(email, pending ?? undefined);
      return go({ kind: 'linkSent', email, ...(linking ? { linking } : {}) });
    }
    if (step.kind === 'federated') return go({ kind: 'federated', email, providerId: step.providerId, ...(linking ? { linking } : {}) });
    return go({ kind: 'unsupported', email, method: step.method });
  };

  const onFederated = async (result: FederatedOutcome) => {
    if (result.kind === 'signedIn') return finish(result.done);
    if (result.kind === 'mismatch') return go({ kind: 'mismatch', entered: result.entered, done: result.done });
    if (result.kind === 'linking') return afterEmail(result.email, result.methods, result.providerId);
  };

  const withErrors = (task: () => Promise<unknown>, context?: Parameters<typeof authErrorText>[1]) =>
    run(task).catch((failure: unknown) => fail(failure, context));

  const onEmail = (email: string) =>
    withErrors(async () => {
      setError(null);
      setFieldErrors({});
      await afterEmail(normalizeEmail(email), await lookupEmail(email));
    });

  const onProvider = (providerId: FederatedProviderId, email?: string) =>
    withErrors(async () => {
      setError(null);
      await onFederated(await federatedSignIn(providerId, settings, email));
    });

  const onCreate = (email: string, input: { email: string; name: string; password: string }) =>
    run(async () => {
      try {
        await finish(await createAccount(input.email, input.password, input.name));
      } catch (failure) {
        if (authErrorCode(failure) !== 'auth/email-already-in-use') return fail(failure);
        // requirements#errors: with sign-in methods the e-mail field says so; without, password recovery.
        const methods = await lookupEmail(input.email).catch(() => ['password']);
        if (methods.length > 0) return setFieldErrors({ email: authErrorText(failure).text });
        setError(w.emailExistsNoMethod);
        return go({ kind: 'password', email });
      }
    });

  const sendLink = (email: string, linking?: string) =>
    withErrors(async () => {
      await sendSignInLink(email, (linking ? peekPendingCredential() : null) ?? undefined);
      go({ kind: 'linkSent', email, ...(linking ? { linking } : {}) });
    });

  // Back from a provider's redirect with something to continue (mismatch, linking): the callback page hands it over.
  const started = useRef(false);
  useEffect(() => {
    if (!start || started.current) return;
    started.current = true;
    void withErrors(() => onFederated(start));
    // Once, for the outcome the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  switch (view.kind) {
    case 'select':
      return (
        <SelectScreen
          providers={settings.providers}
          anonymous={anonymous}
          busy={busy}
          spinner={spinner}
          error={error}
          serverErrors={fieldErrors}
          onEmail={(email) => void onEmail(email)}
          onProvider={(id) => void onProvider(id)}
          onPhone={() => go({ kind: 'phone' })}
          onGuest={() => void withErrors(async () => finish(await startGuestSession()))}
        />
      );
    case 'password':
      return (
        <PasswordScreen
          email={view.email}
          linking={view.linking ? { providerId: view.linking } : undefined}
          emailLink={offers('emailLink')}
          busy={busy}
          spinner={spinner}
          error={error}
          serverErrors={fieldErrors}
          onSubmit={(password) => void withErrors(async () => finish(await passwordSignIn(view.email, password)), 'password')}
          onSendLink={() => void sendLink(view.email, view.linking)}
          onBack={back}
        />
      );
    case 'create':
      return (
        <CreateScreen
          email={view.email}
          emailLink={offers('emailLink')}
          busy={busy}
          spinner={spinner}
          error={error}
          serverErrors={fieldErrors}
          onSubmit={(input) => void onCreate(view.email, input)}
          onSendLink={() => void sendLink(view.email)}
          onBack={back}
        />
      );
    case 'linkSent':
      return <LinkSentScreen email={view.email} linking={view.linking} onNotReceived={() => go({ ...view, kind: 'notReceived' })} onBack={back} />;
    case 'notReceived':
      return (
        <NotReceivedScreen
          busy={busy}
          error={error}
          onResend={() => void sendLink(view.email, view.linking)}
          onBack={() => go({ ...view, kind: 'linkSent' })}
        />
      );
    case 'federated':
      return (
        <FederatedScreen
          email={view.email}
          providerId={view.providerId}
          linking={view.linking}
          busy={busy}
          error={error}
          onContinue={() => void onProvider(view.providerId, view.email)}
          onBack={back}
        />
      );
    case 'unsupported':
      return <UnsupportedScreen email={view.email} method={view.method} onBack={back} />;
    case 'mismatch':
      return (
        <MismatchScreen
          entered={view.entered}
          actual={view.done.user.email ?? ''}
          onContinue={() => void finish(view.done)}
          onCancel={() => void endSession().then(back)}
        />
      );
    case 'phone':
      return <PhoneFlow settings={settings} onDone={(done) => void finish(done)} onBack={back} />;
  }
}
