import { navigateToUrl } from 'single-spa';
import { de } from '../texts';
import { pathTo, type RouteName } from '@shop/shared/routes';
import { Icon, backInShopOr } from '@shop/shared/ui';
import css from './components.module.css';

/**
 * 'Zurück' (requirements#navigation): from Sortiment or Aktuelles to Home, from Produkte to
 * Sortiment, otherwise one step back (or to `fallback` when there is no history).
 */
export function backTarget(route: RouteName): RouteName | null {
  if (route === 'Sortiment' || route === 'Aktuelles') return 'Home';
  if (route === 'Produkte') return 'Sortiment';
  return null;
}

export function goBack(route: RouteName, fallback: RouteName = 'Home', fallbackParams?: Record<string, string>): void {
  const target = backTarget(route);
  if (target) navigateToUrl(pathTo(target));
  else backInShopOr(() => navigateToUrl(pathTo(fallback, fallbackParams)));
}

export function BackButton({
  route,
  fallback,
  fallbackParams,
  label,
}: {
  route: RouteName;
  fallback?: RouteName;
  fallbackParams?: Record<string, string>;
  label?: string;
}) {
  return (
    <button type="button" className={css.back} onClick={() => goBack(route, fallback, fallbackParams)} data-testid="back-button">
      <Icon name="arrowBack" size={20} />
      {label ?? de.menu.back}
    </button>
  );
}
