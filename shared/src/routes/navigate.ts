import { navigateToUrl } from 'single-spa';
import { pathTo, type RouteParams, type RouteQuery } from './paths';
import type { RouteName } from './table';

/**
 * Navigates by route name with single-spa's navigateToUrl, so every registered app (and each
 * remote's own BrowserRouter, which listens to the patched history) sees the change.
 */
export function navigateTo(name: RouteName, params?: RouteParams, query?: RouteQuery): void {
  navigateToUrl(pathTo(name, params, query));
}

/** Replaces the current entry (redirects) without adding a history step. */
export function redirectTo(name: RouteName, params?: RouteParams, query?: RouteQuery): void {
  window.history.replaceState(window.history.state, '', pathTo(name, params, query));
}
