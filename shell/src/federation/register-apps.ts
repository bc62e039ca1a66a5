import { registerApplication, type LifeCycles } from 'single-spa';
import { REMOTE_APPS, isAppActive, type RemoteAppName } from '@shop/shared/routes';
import { drawFallback, drawSkeleton } from './area-views';
import { contributedMatch } from './contributed-routes';
import { recoveringApp, type AppLifecycles } from './recovering-app';
import { forgetRemote, loadExposed } from './remotes';

export const AREA_CONTAINER_ID = 'shell-areas';
/** How long a remote may take before its area shows the fallback (the load goes on; a late answer still counts). */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

/** The element a remote renders into; created inside the shell's main area on first use. */
export function areaElement(app: RemoteAppName): HTMLElement {
  const id = `area-${app}`;
  const existing = document.getElementById(id);
  if (existing) return existing;
  const el = document.createElement('div');
  el.id = id;
  el.dataset.area = app;
  (document.getElementById(AREA_CONTAINER_ID) ?? document.body).appendChild(el);
  return el;
}

/** Calls back on every single-spa navigation (pushState, popstate, navigateToUrl). */
function onNavigation(listener: () => void): () => void {
  window.addEventListener('single-spa:routing-event', listener);
  return () => window.removeEventListener('single-spa:routing-event', listener);
}

/** One single-spa application per remote, active on the routes the route table gives it. */
export function registerRemoteApps(): void {
  for (const app of REMOTE_APPS) {
    const lifecycles = recoveringApp<unknown>({
      load: () => loadExposed<AppLifecycles<unknown>>(`${app}/app`),
      forget: () => forgetRemote(app),
      timeoutMs: REMOTE_LOAD_TIMEOUT_MS,
      skeleton: () => drawSkeleton(areaElement(app), app),
      fallback: (_props, retry) => drawFallback(areaElement(app), app, retry),
      onNavigation,
      report: (error) => console.warn(`[shell] remote ${app} could not be loaded`, error),
    });
    registerApplication({
      name: app,
      app: () => Promise.resolve(lifecycles as LifeCycles),
      // The route table's paths, and the paths the remote adds itself (contributed-routes.ts).
      activeWhen: (location) => isAppActive(app, location) || contributedMatch(location.pathname)?.route.app === app,
      customProps: { domElementGetter: () => areaElement(app) },
    });
  }
}
