// An installed app takes new releases and rollbacks (docs/requirements.md#app-update): on in-app
// navigation and when the app comes back to the foreground (at most once a minute) the shell asks the
// service worker for an update and the host for its descriptor. When the shell or a remote version
// changed (or a new service worker waits), the app reloads at the next safe moment — never during
// checkout or payment — after activating the waiting service worker (SKIP_WAITING), so `/` is not
// served by the old precache; until then "Neue Version verfügbar" offers the reload.
import { createRoot } from 'react-dom/client';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { Button } from '@shop/shared/ui';
import css from './update-banner.module.css';
import { dueForCheck, isSafeMoment, releaseChanged } from './update-policy';

/** Team-prefixed event: a release reached this host and the app will take it. */
export const UPDATE_AVAILABLE_EVENT = 'shell:update-available';

async function waitingWorker(): Promise<ServiceWorker | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (!registration) return null;
  await registration.update().catch(() => undefined);
  // An update found now is installing; give it a moment to reach "waiting".
  const installing = registration.installing;
  if (installing && !registration.waiting)
    await new Promise<void>((resolve) => {
      const done = () => (installing.state === 'installed' || installing.state === 'redundant' ? resolve() : undefined);
      installing.addEventListener('statechange', done);
      setTimeout(resolve, 5000);
    });
  return registration.waiting;
}

/** Activates a waiting service worker, then reloads (the new worker serves the new shell). */
function reloadIntoUpdate(waiting: ServiceWorker | null): void {
  if (!waiting || !navigator.serviceWorker.controller) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  setTimeout(() => window.location.reload(), 3000);
}

function showBanner(onUpdate: () => void): void {
  if (document.querySelector('[data-testid="shell-update-banner"]')) return;
  const host = document.body.appendChild(document.createElement('div'));
  createRoot(host).render(
    <div role="status" className={css.banner} data-testid="shell-update-banner">
      <span>{shellTexts.updateAvailable}</span>
      <Button onClick={onUpdate}>{shellTexts.updateNow}</Button>
    </div>,
  );
}

export function watchForUpdates(booted: ResolvedDescriptor, now: () => number = Date.now): void {
  let lastCheck: number | null = now();
  let pending: { waiting: ServiceWorker | null } | null = null;
  let checking = false;

  async function check(): Promise<void> {
    if (checking) return;
    checking = true;
    try {
      const waiting = await waitingWorker();
      const response = await fetch('/deploy/descriptor.json', { cache: 'no-store', headers: { accept: 'application/json' } });
      const current = response.ok ? ((await response.json()) as ResolvedDescriptor) : null;
      if (!waiting && !(current && releaseChanged(booted, current))) return;
      pending = { waiting };
      window.dispatchEvent(new CustomEvent(UPDATE_AVAILABLE_EVENT));
      if (isSafeMoment(window.location.pathname)) reloadIntoUpdate(waiting);
      else showBanner(() => reloadIntoUpdate(pending?.waiting ?? null));
    } catch {
      // Offline or the host away: the next navigation asks again.
    } finally {
      checking = false;
    }
  }

  const onNavigation = () => {
    if (pending) {
      if (isSafeMoment(window.location.pathname)) reloadIntoUpdate(pending.waiting);
      return;
    }
    if (!dueForCheck(lastCheck, now())) return;
    lastCheck = now();
    void check();
  };
  window.addEventListener('single-spa:routing-event', onNavigation);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') onNavigation();
  });
}
