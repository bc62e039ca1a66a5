// The server's side of the action client in component tests (vitest project 'components'): the action
// client's fetch answers each action from a table the test writes, and records what was asked. The
// components under test call the real client (the real envelope, the real swallowed and raised errors);
// only the network is left out. Test-only: no production code imports @shop/shared/testing.
import { configureActionClient } from '@shop/shared/client';
import type { ActionName, ActionPayload, ActionResult } from '../contract/actions';
import type { ActionError } from '../contract/envelope';

/** An answer to one action: its result (`ok: true` is added), a `Response` (a failure), or a function of the payload giving either. */
type Answer<A extends ActionName> = Partial<ActionResult<A>> | Response;
export type ActionAnswers = { [A in ActionName]?: Answer<A> | ((payload: ActionPayload<A>) => Answer<A>) };

export interface ActionCall {
  readonly action: ActionName;
  readonly payload: Record<string, unknown>;
}

export interface ActionServer {
  /** The table the answers come from; a test may change it between calls. */
  readonly answers: ActionAnswers;
  /** Every call so far, in order. */
  readonly calls: ActionCall[];
  /** The payloads of one action's calls. */
  payloadsOf<A extends ActionName>(action: A): ActionPayload<A>[];
}

/** A failed call as the server sends it: a 4xx/5xx status with the error envelope. */
export function failedAnswer(status: number, error: Partial<ActionError> = {}): Response {
  return new Response(JSON.stringify({ ok: false, error: { code: 'internal', message: `test answer ${status}`, ...error } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Answers the action client's calls from `answers` for the rest of the test file (call it again in
 * `beforeEach` for a fresh table). An action without an answer gets 404, which the client swallows
 * (`ok: false`), so a screen's optional calls need no answer; `calls` shows what was asked.
 */
export function answerActions(answers: ActionAnswers = {}): ActionServer {
  const calls: ActionCall[] = [];
  const server: ActionServer = {
    answers,
    calls,
    payloadsOf: <A extends ActionName>(action: A) => calls.filter((c) => c.action === action).map((c) => c.payload as ActionPayload<A>),
  };
  configureActionClient({
    waitForBrowserId: async () => 'browser-test-0000-0000-0001',
    getIdToken: async () => null,
    fetch: async (_url, init) => {
      const { action, payload } = JSON.parse(init?.body as string) as ActionCall;
      calls.push({ action, payload });
      const entry = server.answers[action] as Answer<ActionName> | ((payload: unknown) => Answer<ActionName>) | undefined;
      const answer = typeof entry === 'function' ? entry(payload) : entry;
      if (answer instanceof Response) return answer;
      if (answer === undefined) return failedAnswer(404);
      return new Response(JSON.stringify({ ok: true, ...answer }), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return server;
}
