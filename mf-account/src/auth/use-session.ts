import { useEffect } from 'react';
import { useStore } from '@shop/shared/react';
import { authStore, type AuthUser } from '@shop/shared/stores';
import { sessionReady$, startSession } from './session-core';

/** The signed-in user and whether the session is known yet; starts the session on first use. */
export function useSession(): { ready: boolean; user: AuthUser | null } {
  const ready = useStore(sessionReady$);
  const user = useStore(authStore);
  useEffect(() => {
    void startSession().catch((error: unknown) => console.error('[mf_account] session could not start', error));
  }, []);
  return { ready, user };
}
