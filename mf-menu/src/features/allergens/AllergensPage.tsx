import { ADDITIVE_CODES, ALLERGEN_CODES, additiveNumber } from '@shop/shared/domain/allergens';
import { de } from '../../texts';
import { Page } from '@shop/shared/ui';
import { BackButton } from '../../components/BackButton';
import { useMenuView } from '../../data/menu-data';
import { AllergenFilterBar } from './AllergenFilterBar';
import css from './allergens.module.css';

/** Allergene: the legend (additives 1–15, allergens A–R) and the guest's allergen filter. */
export function AllergensPage() {
  const view = useMenuView('food');
  return (
    <Page title={de.menu.allergensPageTitle} testId="allergens-page">
      <BackButton route="Allergene" />
      <p className={css.intro}>{de.menu.allergensPageIntro}</p>
      <div className={css.filterSection}>
        <AllergenFilterBar view={view} />
      </div>
      <div className={css.legend}>
        <section className={css.legendBox} data-testid="legend-allergens">
          <h2 className={css.legendTitle}>{de.menu.allergensLegendTitle}</h2>
          <ul className={css.legendList}>
            {ALLERGEN_CODES.map((code) => (
              <li key={code} className={css.legendRow}>
                <span className={css.legendCode}>{code}</span>
                {de.menu.allergens[code]}
              </li>
            ))}
          </ul>
        </section>
        <section className={css.legendBox} data-testid="legend-additives">
          <h2 className={css.legendTitle}>{de.menu.additivesLegendTitle}</h2>
          <ul className={css.legendList}>
            {ADDITIVE_CODES.map((code) => (
              <li key={code} className={css.legendRow}>
                <span className={css.legendCode}>{additiveNumber(code)}</span>
                {de.menu.additives[code]}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className={css.traces}>{de.menu.allergensTraces}</p>
    </Page>
  );
}
