import { useParams } from 'react-router-dom';
import { staff as texts } from '@shop/shared/i18n/staff';
import { Link, useStore } from '@shop/shared/react';
import { authStore } from '@shop/shared/stores';
import { Page } from '@shop/shared/ui';
import { CardsSection } from './CardsSection';
import { NewsSection } from './NewsSection';
import { OffersSection } from './OffersSection';
import { StatsSection } from './StatsSection';
import css from './admin.module.css';

const SECTIONS = ['angebote', 'neuigkeiten', 'karten', 'statistik'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Verwaltung (staff only, next to the Bestellboard): offers and news, changed live for every guest
 * (offersUpdated, newsUpdated), customer cards issued and topped up, and the page-view report.
 * The server refuses every action without the staff claim; this page then shows the notice.
 */
export function AdminPage() {
  const params = useParams();
  const section: Section = SECTIONS.find((s) => s === params.section) ?? 'angebote';
  const user = useStore(authStore);
  const uid = user?.uid ?? null;
  return (
    <Page title={texts.adminTitle} testId="admin-page">
      <nav className={css.tabs} aria-label={texts.adminTitle}>
        {SECTIONS.map((s) => (
          <Link
            key={s}
            to="Verwaltung"
            params={{ section: s }}
            className={[css.tab, s === section ? css.tabActive : ''].join(' ')}
            aria-current={s === section ? 'page' : undefined}
            data-testid={`admin-tab-${s}`}
          >
            {texts.sections[s]}
          </Link>
        ))}
        <Link to="Bestellboard" className={css.tab}>
          {texts.toBoard}
        </Link>
      </nav>
      {/* Keyed by the user: a session restored after the start loads again with its token. */}
      {section === 'angebote' ? <OffersSection key={uid} /> : null}
      {section === 'neuigkeiten' ? <NewsSection key={uid} /> : null}
      {section === 'karten' ? <CardsSection key={uid} /> : null}
      {section === 'statistik' ? <StatsSection key={uid} /> : null}
    </Page>
  );
}
