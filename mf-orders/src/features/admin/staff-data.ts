import { useCallback, useEffect, useState } from 'react';
import { emit } from '@shop/shared/bus';
import { ActionCallError, callAction, type ActionSuccess } from '@shop/shared/client';
import type { ActionName, ActionPayload } from '@shop/shared/contract';
import { staff as texts } from '@shop/shared/i18n/staff';

/** No staff session: the server answered 401 (signed out) for a staff action. */
export class SignedOut extends Error {}

/** A staff action; a refusal for want of a session is SignedOut, every other refusal an ActionCallError. */
export async function staffCall<A extends ActionName>(action: A, payload: ActionPayload<A>): Promise<ActionSuccess<A>> {
  const res = await callAction(action, payload);
  if (!res.ok) {
    if (res.status === 401) throw new SignedOut(action);
    throw new ActionCallError(action, res.status, res.error, {});
  }
  return res;
}

/** The German text of a failed staff action. */
export function failureText(error: unknown, fallback: string = texts.saveFailed): string {
  return error instanceof ActionCallError ? (error.userMessage ?? fallback) : fallback;
}

/** Reports a failed staff action in the snackbar. */
export function reportFailure(error: unknown, fallback?: string): void {
  emit('shell:overlay', { kind: 'snackbar', text: failureText(error, fallback) });
}

export type StaffData<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'signed-out' }
  | { readonly status: 'forbidden'; readonly message: string }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly data: T };

/** Loads a staff section's data; a guest sees the staff-only notice (401/403 from the server). */
export function useStaffData<T>(load: () => Promise<T>, deps: readonly unknown[]): { state: StaffData<T>; reload: () => void; set: (data: T) => void } {
  const [state, setState] = useState<StaffData<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is rebuilt every render; `deps` says when it changes.
  const stableLoad = useCallback(load, deps);
  useEffect(() => {
    let alive = true;
    stableLoad().then(
      (data) => alive && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!alive) return;
        if (error instanceof SignedOut) setState({ status: 'signed-out' });
        else if (error instanceof ActionCallError && error.status === 403) setState({ status: 'forbidden', message: error.userMessage ?? texts.staffOnly });
        else setState({ status: 'failed' });
      },
    );
    return () => {
      alive = false;
    };
  }, [stableLoad, round]);
  return { state, reload: () => setRound((n) => n + 1), set: (data) => setState({ status: 'ready', data }) };
}

/** A fresh id for one staff request (a retry of the same request reuses it: idempotent on the server). */
export function newRequestId(): string {
  return `req-${crypto.randomUUID()}`;
}
