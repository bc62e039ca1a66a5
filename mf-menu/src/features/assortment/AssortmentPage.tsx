import { de } from '../../texts';
import { Link } from '@shop/shared/react';
import { Page } from '@shop/shared/ui';
import { CategoryCard, CategorySkeletons, DisabledMenu, LoadFailed } from '../categories/CategoryOverview';
import { LandingSlider } from '../landing/LandingSlider';
import { useMenuView, type MenuKind } from '../../data/menu-data';
import common from '../../components/components.module.css';
import css from './assortment.module.css';

function Section({ kind, title }: { kind: MenuKind; title: string }) {
  const view = useMenuView(kind);
  return (
    <section className={css.section} data-testid={`assortment-${kind}`}>
      <div className={css.head}>
        <h2 className={css.title}>{title}</h2>
        <Link to={kind === 'food' ? 'Speisen' : 'Getraenke'} params={{ catname: 'all' }} className={css.link}>
          {de.menu.toCategory}
        </Link>
      </div>
      {view.status === 'loading' ? <CategorySkeletons count={3} /> : null}
      {view.status === 'error' ? <LoadFailed onRetry={view.retry} /> : null}
      {view.status === 'ready' && view.menu.length === 0 ? <DisabledMenu kind={kind} /> : null}
      {view.status === 'ready' ? (
        <div className={common.grid}>
          {view.menu.map((category) => (
            <div key={category.id} className={common.cell}>
              <CategoryCard kind={kind} category={category} mode={view.context.mode} />
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** Sortiment: the whole assortment, food and drinks, plus the landing page tabs. */
export function AssortmentPage() {
  return (
    <Page title={de.menu.assortmentTitle} testId="assortment">
      <LandingSlider route="Sortiment" />
      <p className={css.intro}>{de.menu.assortmentIntro}</p>
      <Link to="Produkte" className={css.allLink}>
        {de.menu.productsTitle}
      </Link>
      <Section kind="food" title={de.menu.foodTitle} />
      <Section kind="drink" title={de.menu.drinksTitle} />
    </Page>
  );
}
