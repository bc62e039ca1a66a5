import { BehaviorSubject } from 'rxjs';
import { matchContributed, type ContributedRoute } from '@shop/shared/domain/route-pattern';
import { REMOTE_APPS, type RemoteAppName } from '@shop/shared/routes';

/**
 * Routes a remote adds itself (docs/requirements.md#routes): each remote exposes './routes' (a list
 * of ContributedRoute), so a new page needs a release of that remote only, not of the shell or of
 * the shared runtime's route table. The shell asks the remotes once per page, when a path is not in
 * the table; a remote that does not answer (or an older one without './routes') adds none.
 */
export interface RemoteRoute extends ContributedRoute {
  readonly app: RemoteAppName;
}

export const contributedRoutes$ = new BehaviorSubject<readonly RemoteRoute[]>([]);

/** How long the shell waits for one remote's './routes' before it counts as adding none. */
export const CONTRIBUTED_ROUTES_TIMEOUT_MS = 4_000;

export function contributedMatch(pathname: string, routes: readonly RemoteRoute[] = contributedRoutes$.getValue()) {
  return matchContributed(routes, pathname);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function isRoute(value: unknown): value is ContributedRoute {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.name === 'string' && typeof r.path === 'string' && r.path.startsWith('/');
}

let lookup: Promise<readonly RemoteRoute[]> | null = null;

/** Loads every remote's './routes' (in parallel, once per page) and publishes what they add. */
export function lookUpContributedRoutes(
  load: (id: string) => Promise<unknown>,
  timeoutMs: number = CONTRIBUTED_ROUTES_TIMEOUT_MS,
): Promise<readonly RemoteRoute[]> {
  lookup ??= Promise.all(
    REMOTE_APPS.map(async (app): Promise<RemoteRoute[]> => {
      try {
        const module = (await withTimeout(load(`${app}/routes`), timeoutMs)) as { routes?: unknown };
        return Array.isArray(module.routes) ? module.routes.filter(isRoute).map((route) => ({ ...route, app })) : [];
      } catch {
        return [];
      }
    }),
  ).then((lists) => {
    const routes = lists.flat();
    contributedRoutes$.next(routes);
    return routes;
  });
  return lookup;
}

/** Tests only: forget the lookup of this page. */
export function resetContributedRoutes(): void {
  lookup = null;
  contributedRoutes$.next([]);
}
