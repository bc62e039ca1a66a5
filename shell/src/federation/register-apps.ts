import { registerApplication, type LifeCycles } from 'single-spa';
import { REMOTE_APPS, isAppActive, type RemoteAppName } from '@shop/shared/routes';
import { loadExposed } from './remotes';

export const AREA_CONTAINER_ID = 'shell-areas';

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

/** One single-spa application per remote, active on the routes the route table gives it. */
export function registerRemoteApps(): void {
  for (const app of REMOTE_APPS) {
    registerApplication({
      name: app,
      app: () => loadExposed<LifeCycles>(`${app}/app`),
      activeWhen: (location) => isAppActive(app, location),
      customProps: { domElementGetter: () => areaElement(app) },
    });
  }
}
