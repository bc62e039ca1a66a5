import { useEffect, useRef, useState } from 'react';
import type { SignInSettings } from '@shop/shared/contract';
import { signin as w } from '@shop/shared/i18n/signin';
import { Link } from '@shop/shared/react';
import { Skeleton, buttonClass } from '@shop/shared/ui';
import { completeSignIn } from '../../auth/after-sign-in';
import { authErrorText } from '../../auth/auth-errors';
import { federatedRedirectResult, isLeavingForProvider, type FederatedOutcome } from '../../auth/federated';
import { Screen } from './parts';
import { SignInFlow } from './SignInFlow';

/**
 * mode=callback: back from Google's or Apple's redirect (requirements#sign-in). Signed in → on; the
 * e-mail has another method → the linking pages; nothing under way → 'Sitzung beendet'.
 */
export function CallbackPage({ settings, anonymous }: { settings: SignInSettings; anonymous: boolean }) {
  const [state, setState] = useState<{ kind: 'waiting' } | { kind: 'ended' } | { kind: 'error'; text: string } | { kind: 'flow'; start: FederatedOutcome }>({
    kind: 'waiting',
  });
  const started = useRef(false);
  useEffect(() => {
    // The page itself just set mode=callback on its way to the provider: nothing to read yet.
    if (started.current || isLeavingForProvider()) return;
    started.current = true;
    federatedRedirectResult().then(
      async (result) => {
        if (!result || result.kind === 'dismissed') return setState({ kind: 'ended' });
        if (result.kind === 'signedIn') return completeSignIn(result.done);
        setState({ kind: 'flow', start: result });
      },
      (failure: unknown) => setState({ kind: 'error', text: authErrorText(failure).text }),
    );
  }, []);

  if (state.kind === 'waiting') return <Skeleton height={160} />;
  if (state.kind === 'flow') return <SignInFlow settings={settings} anonymous={anonymous} start={state.start} />;
  return (
    <Screen
      title={state.kind === 'ended' ? w.sessionEndedTitle : w.unrecoverableTitle}
      intro={state.kind === 'ended' ? w.sessionEnded : state.text}
      testId={state.kind === 'ended' ? 'widget-session-ended' : 'widget-callback-error'}
    >
      <Link to="Anmelden" className={buttonClass('primary', true)} data-testid="widget-restart">
        {w.toStart}
      </Link>
    </Screen>
  );
}
