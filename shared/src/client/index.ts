// '@shop/shared/client': bundled into each app (pure part). `callAction` sends the contract version of
// the contract this app was built with; everything page-wide comes from the runtime singleton.
import type { ActionName, ActionPayload } from '../contract/actions';
import { CONTRACT_VERSION } from '../contract/version';
import { sendAction, type ActionOutcome, type CallOptions } from '@shop/shared/client-runtime';

export * from '@shop/shared/client-runtime';
export * from './retry';

/** Calls one action (shop-spec §7) with this app's contract version. */
export function callAction<A extends ActionName>(action: A, payload: ActionPayload<A>, options: CallOptions = {}): Promise<ActionOutcome<A>> {
  return sendAction(action, payload, { ...options, contractVersion: CONTRACT_VERSION });
}
