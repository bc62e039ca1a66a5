import { useEffect, useState, type MouseEvent } from 'react';
import { emit, on } from '@shop/shared/bus';
import { consentDialogDue, consentStatus } from '@shop/shared/domain/consent';
import { privacy as texts } from '@shop/shared/i18n/privacy';
import { useStore } from '@shop/shared/react';
import { matchRoute, navigateTo, pathTo } from '@shop/shared/routes';
import { Button, ModalDialog } from '@shop/shared/ui';
import { consentStore } from './consent-store';
import { countPageView, forgetCountedPage } from './page-views';
import css from '../overlays/overlays.module.css';

/** The longest the question waits for the page to finish loading (a hanging remote must not hide it). */
const CONSENT_LOAD_WAIT_MS = 4000;
/** How long an idle moment is waited for once the page has loaded. */
const CONSENT_IDLE_WAIT_MS = 1500;

/**
 * Resolves when the page has loaded (or after CONSENT_LOAD_WAIT_MS) and the main thread is idle:
 * the consent question comes after the page's own content, never before its largest paint and never
 * in the tasks that start the page (docs/requirements.md#perf-lighthouse).
 */
export function afterPageSettled(done: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let loadTimer: number | undefined;
  const idle = () => {
    window.clearTimeout(loadTimer);
    window.removeEventListener('load', idle);
    if (cancelled) return;
    const run = () => {
      if (!cancelled) done();
    };
    idleHandle =
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: CONSENT_IDLE_WAIT_MS }) : window.setTimeout(run, 200);
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle);
    loadTimer = window.setTimeout(idle, CONSENT_LOAD_WAIT_MS);
  }
  return () => {
    cancelled = true;
    window.clearTimeout(loadTimer);
    window.removeEventListener('load', idle);
    if (idleHandle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
      window.clearTimeout(idleHandle);
    }
  };
}

/**
 * The privacy consent (DSGVO) dialog (requirements#screens Overlays, requirements#entities, requirements#constants): on the first visit, and again
 * when the choice has run out (about 360 days with statistics, one day without), on every page but
 * the legal ones. It must be answered; opened again from the footer or the Cookies page it can be
 * closed without a change. Both choices are equally easy.
 */
export function ConsentDialog() {
  const consent = useStore(consentStore);
  const [requested, setRequested] = useState(false);
  const [readingPolicy, setReadingPolicy] = useState(false);
  // Asked once the page has settled: small and late, so it is never the page's largest paint.
  const [settled, setSettled] = useState(false);
  useEffect(() => afterPageSettled(() => setSettled(true)), []);
  // The page the guest has arrived at: taken when single-spa has finished routing, never while a
  // navigation is under way (a dialog opening then would make the navigation guard cancel it).
  const [pathname, setPathname] = useState(() => window.location.pathname);
  useEffect(() => {
    const arrived = () => setPathname(window.location.pathname);
    window.addEventListener('single-spa:routing-event', arrived);
    return () => window.removeEventListener('single-spa:routing-event', arrived);
  }, []);

  useEffect(() => {
    const sub = on('shell:consent-dialog').subscribe(() => setRequested(true));
    return () => sub.unsubscribe();
  }, []);
  // Back from the privacy policy: ask again.
  useEffect(() => setReadingPolicy(false), [pathname]);

  const routeName = matchRoute(pathname)?.name;
  const due = consentDialogDue(consent, Date.now(), routeName);
  if ((!due && !requested) || readingPolicy || (!settled && !requested)) return null;

  const choose = (statistics: boolean) => {
    consentStore.set({ statistics, decidedAt: Date.now() });
    setRequested(false);
    emit('shell:overlay', { kind: 'snackbar', text: statistics ? texts.consentSavedStatistics : texts.consentSavedNecessary });
    forgetCountedPage();
    countPageView(window.location.pathname);
  };
  // The dialog leaves first, so that the navigation guard lets the link through.
  const openPolicy = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setReadingPolicy(true);
    setRequested(false);
    window.setTimeout(() => navigateTo('Datenschutz'), 0);
  };
  const current = consentStatus(consent, Date.now());

  return (
    <ModalDialog
      title={texts.consentTitle}
      testId="consent-dialog"
      dismissible={requested && !due}
      onClose={() => setRequested(false)}
      maxWidth={520}
      className={css.consentDialog}
    >
      {/* The explanation scrolls in a low box: no text block of the question is larger than the page's
          own content, so it is never the page's largest paint (docs/requirements.md#perf-lighthouse). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (axe scrollable-region-focusable) */}
      <div className={css.consentScroll} tabIndex={0} role="region" aria-label={texts.consentTitle}>
        <p className={`${css.dialogText} ${css.consentText}`}>{texts.consentText}</p>
        <p className={`${css.dialogText} ${css.consentText}`}>{texts.consentDuration}</p>
      </div>
      {current !== 'ask' ? (
        <p className={css.dialogText} data-testid="consent-current">
          {current === 'statistics' ? texts.consentCurrentStatistics : texts.consentCurrentNecessary}
        </p>
      ) : null}
      <p className={css.dialogText}>
        <a href={pathTo('Datenschutz')} onClick={openPolicy} data-testid="consent-policy">
          {texts.consentMore}
        </a>
      </p>
      <div className={css.consentActions}>
        <Button variant="secondary" onClick={() => choose(false)} data-testid="consent-decline">
          {texts.consentDecline}
        </Button>
        <Button variant="secondary" onClick={() => choose(true)} data-testid="consent-accept">
          {texts.consentAccept}
        </Button>
      </div>
    </ModalDialog>
  );
}
