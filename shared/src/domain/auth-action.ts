/**
 * The sign-in widget's pages by `mode` (requirements#sign-in): the widget lives on the Anmelden route
 * (docs/adr/0023-sign-in-widget.md) and Firebase's e-mail actions point there too, so one URL
 * answers `?mode=select` (default), `callback` (back from a provider's redirect), `signIn` (e-mail
 * link), `resetPassword`, `verifyEmail` and `recoverEmail`. Firebase names the link of a changed
 * e-mail `verifyAndChangeEmail`; it is a verifyEmail page.
 */

export const WIDGET_MODES = ['select', 'callback', 'signIn', 'resetPassword', 'verifyEmail', 'verifyAndChangeEmail', 'recoverEmail'] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];

export interface WidgetQuery {
  readonly mode: WidgetMode;
  /** The action code of an e-mail link (resetPassword, verifyEmail, recoverEmail, signIn). */
  readonly oobCode: string | null;
  /** Where the guest continues after an action (only a path of this shop is followed). */
  readonly continueUrl: string | null;
  /** A mode the widget does not know: its unrecoverable-error page. */
  readonly unknownMode: string | null;
}

const OOB_CODE = /^[A-Za-z0-9_-]{1,1000}$/;

export function parseWidgetQuery(search: string): WidgetQuery {
  const params = new URLSearchParams(search);
  const raw = params.get('mode');
  const known = raw === null || raw === '' ? 'select' : (WIDGET_MODES as readonly string[]).includes(raw) ? (raw as WidgetMode) : null;
  const code = params.get('oobCode');
  return {
    mode: known ?? 'select',
    oobCode: code && OOB_CODE.test(code) ? code : null,
    continueUrl: params.get('continueUrl'),
    unknownMode: known === null ? raw : null,
  };
}

/** Whether a mode needs an action code (an e-mail link without one is a broken link). */
export function needsActionCode(mode: WidgetMode): boolean {
  return mode === 'resetPassword' || mode === 'verifyEmail' || mode === 'verifyAndChangeEmail' || mode === 'recoverEmail';
}

/**
 * A continue URL to follow after an action, as a path of this shop ('/Account?x=1'), or null when
 * it is missing or leads elsewhere (never an open redirect).
 */
export function safeContinuePath(continueUrl: string | null, origin: string): string | null {
  if (!continueUrl) return null;
  try {
    const url = new URL(continueUrl, origin);
    if (url.origin !== new URL(origin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
