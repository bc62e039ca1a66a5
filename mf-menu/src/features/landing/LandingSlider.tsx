import { de } from '../../texts';
import { Link } from '@shop/shared/react';
import type { RouteName } from '@shop/shared/routes';
import { BackButton } from '../../components/BackButton';
import common from '../../components/components.module.css';

interface Tab {
  readonly id: number;
  readonly label: string;
  readonly to: RouteName;
  readonly params?: Record<string, string>;
}

/**
 * Category slider tabs (requirements#landing-pages): 1 Streetfood, 2 Bowls & Salads, 3 Snacks &
 * Nachos, 4 Salsas, 5 Kids/Summer Size, 7 Sweets (to Speisen/Sweets), 8 Drinks; id 6 Plates exists
 * but has no tab. A back button goes back.
 */
export const LANDING_TABS: readonly Tab[] = [
  { id: 1, label: de.menu.tabStreetfood, to: 'Streetfood' },
  { id: 2, label: de.menu.tabBowls, to: 'Bowls' },
  { id: 3, label: de.menu.tabSnacks, to: 'Snacks' },
  { id: 4, label: de.menu.tabSalsas, to: 'Salsas' },
  { id: 5, label: de.menu.tabKids, to: 'SummerSize' },
  { id: 7, label: de.menu.tabSweets, to: 'Speisen', params: { catname: 'Sweets' } },
  { id: 8, label: de.menu.tabDrinks, to: 'Getraenke', params: { catname: 'all' } },
];

export function LandingSlider({ current, route }: { current?: RouteName; route: RouteName }) {
  return (
    <div className={common.sliderRow}>
      <BackButton route={route} />
      <nav className={common.slider} aria-label={de.menu.assortmentTitle} data-testid="landing-tabs">
        {LANDING_TABS.map((tab) => (
          <Link
            key={tab.id}
            to={tab.to}
            params={tab.params}
            className={[common.tab, tab.to === current ? common.tabActive : ''].join(' ')}
            aria-current={tab.to === current ? 'page' : undefined}
            data-tab-id={tab.id}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
