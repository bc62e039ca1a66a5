// '@shop/shared/client': bundled into each app (pure part). `callAction` sends the contract version of
// the contract this app was built with; everything page-wide comes from the runtime singleton.
import type { ActionName, ActionPayload } from '../contract/actions';
import { CONTRACT_VERSION } from '../contract/version';
import { sendAction, type ActionOutcome, type CallOptions } from '@shop/shared/client-runtime';
import { browserLiveStreamDeps, type LiveStreamDeps } from './live-stream';

export * from '@shop/shared/client-runtime';
export * from './retry';
export { openLiveStream, type LiveStreamDeps } from './live-stream';

/** Calls one action (requirements#calls) with this app's contract version. */
export function callAction<A extends ActionName>(action: A, payload: ActionPayload<A>, options: CallOptions = {}): Promise<ActionOutcome<A>> {
  return sendAction(action, payload, { ...options, contractVersion: CONTRACT_VERSION });
}

/** The browser's live-stream dependencies, with stream tickets asked through this app's action client. */
export function liveStreamDeps(): LiveStreamDeps {
  return browserLiveStreamDeps((request) => callAction('IssueStreamTicket', request));
}
