import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { MenuCategory, MenuItem } from '@shop/shared/contract';
import { lineDelay } from '@shop/shared/domain/configurator';
import { findCategory, preparationMinutes } from '@shop/shared/domain/menu-visibility';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { Link, usePageTitle } from '@shop/shared/react';
import { Empty, Icon, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { AllergenFilterBar } from '../allergens/AllergenFilterBar';
import { CategoryOverview, DisabledMenu, LoadFailed } from '../categories/CategoryOverview';
import { useMenuView, type MenuKind } from '../../data/menu-data';
import { takeJumpFlag } from '../../data/jump';
import { ProductCard } from './ProductCard';
import common from '../../components/components.module.css';
import css from './products.module.css';
import { aboveFold } from '../../components/above-fold';

const SECTION_TITLES: Readonly<Record<string, string>> = {
  classic: de.menu.sectionClassic,
  special: de.menu.sectionSpecial,
  dok: de.menu.sectionDok,
};

export function sectionTitle(section: string): string {
  return SECTION_TITLES[section] ?? section;
}

/** Items grouped by their section, in menu order; items without a section form a group without a heading. */
export function groupBySection(items: readonly MenuItem[]): { section: string; items: MenuItem[] }[] {
  const groups: { section: string; items: MenuItem[] }[] = [];
  for (const item of items) {
    const section = item.section ?? '';
    const group = groups.find((g) => g.section === section);
    if (group) group.items.push(item);
    else groups.push({ section, items: [item] });
  }
  return groups;
}

function CategoryTabs({ kind, menu, current }: { kind: MenuKind; menu: MenuCategory[]; current: string }) {
  const route = kind === 'food' ? 'SpeisenProdukte' : 'GetraenkeProdukte';
  return (
    <div className={css.stickyTabs} data-fixed-layer="top">
      <nav className={common.slider} aria-label={kind === 'food' ? de.menu.foodTitle : de.menu.drinksTitle} data-testid="category-tabs">
        <Link to={kind === 'food' ? 'Speisen' : 'Getraenke'} params={{ catname: 'all' }} className={common.tab} aria-label={de.menu.toAllCategories}>
          <Icon name="grid" size={18} />
        </Link>
        {menu.map((c) => (
          <Link
            key={c.id}
            to={route}
            params={{ catname: c.id }}
            className={[common.tab, c.id === current ? common.tabActive : ''].join(' ')}
            aria-current={c.id === current ? 'page' : undefined}
          >
            {c.categoryDE}
          </Link>
        ))}
      </nav>
    </div>
  );
}

/**
 * A category's products (SpeisenProdukte / GetraenkeProdukte, and Speisen / Getraenke with a
 * catname): a grid of cards grouped by section; query `section` (classic, special, dok) is the
 * scroll target of the landing pages' shortcuts.
 */
export function CategoryProducts({ kind }: { kind: MenuKind }) {
  const { catname = '' } = useParams();
  const [search] = useSearchParams();
  const section = search.get('section');
  const view = useMenuView(kind);
  const heading = useRef<HTMLHeadingElement>(null);
  const category = view.status === 'ready' ? findCategory(view.menu, catname) : null;
  const hiddenByFilter = view.status === 'ready' && !category ? findCategory(view.visible, catname) : null;
  usePageTitle(category?.categoryDE);

  useEffect(() => {
    if (!category) return;
    const jumped = takeJumpFlag(category.id);
    const target = section ? document.getElementById(`section-${section}`) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else if (jumped) heading.current?.focus({ preventScroll: true });
  }, [category?.id, section]); // eslint-disable-line react-hooks/exhaustive-deps

  if (view.status === 'loading') {
    return (
      <Page testId="category-loading">
        <Skeleton height={40} />
        <div className={common.grid} style={{ marginTop: 16 }}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={common.cell}>
              <Skeleton height={230} />
            </div>
          ))}
        </div>
      </Page>
    );
  }
  if (view.status === 'error') return <LoadFailed onRetry={view.retry} />;
  if (view.visible.length === 0) {
    return (
      <Page>
        <DisabledMenu kind={kind} />
      </Page>
    );
  }
  if (!category) {
    return (
      <Page>
        <AllergenFilterBar view={view} />
        <Empty testId={hiddenByFilter ? 'category-filtered' : 'category-not-found'}>
          <h1>{hiddenByFilter ? de.menu.categoryEmpty : de.menu.categoryNotFound}</h1>
          <Link to={kind === 'food' ? 'Speisen' : 'Getraenke'} params={{ catname: 'all' }} className={buttonClass()}>
            {de.menu.toAllCategories}
          </Link>
        </Empty>
      </Page>
    );
  }

  const prep = preparationMinutes(category.items.map((i) => lineDelay(category, i)));
  const hiddenHere = (findCategory(view.visible, category.id)?.items.length ?? 0) - category.items.length;
  return (
    <Page testId="category-products">
      <CategoryTabs kind={kind} menu={view.menu} current={category.id} />
      <header className={css.head}>
        <div className={css.headRow}>
          <h1 className={css.title} ref={heading} tabIndex={-1} data-testid="category-title">
            {category.categoryDE}
          </h1>
          {kind === 'food' ? (
            <span className={css.prep}>
              <Icon name="clock" size={16} />
              {fill(de.menu.prepTime, { minutes: prep })}
            </span>
          ) : null}
        </div>
        {category.descriptionDE ? <p className={css.intro}>{category.descriptionDE}</p> : null}
        <AllergenFilterBar view={view} hidden={hiddenHere} />
      </header>
      {groupBySection(category.items).map((group, groupIndex) => (
        <section
          key={group.section || 'none'}
          id={group.section ? `section-${group.section}` : undefined}
          className={css.sectionBlock}
          data-testid={group.section ? `section-${group.section}` : undefined}
        >
          {group.section ? <h2 className={css.sectionTitle}>{sectionTitle(group.section)}</h2> : null}
          <div className={common.grid}>
            {group.items.map((item, index) => (
              <div key={item.id} className={common.cell}>
                <ProductCard item={item} category={category} kind={kind} view={view} aboveFold={groupIndex === 0 ? aboveFold(index) : false} />
              </div>
            ))}
          </div>
        </section>
      ))}
      <p className={css.vatNote} data-testid="prices-incl-vat">
        {de.menu.allPricesInclVat}
      </p>
    </Page>
  );
}

/** Speisen / Getraenke: 'all' or no catname is the category overview, a catname that category's products. */
export function MenuRoute({ kind }: { kind: MenuKind }) {
  const { catname } = useParams();
  if (!catname || catname.toLowerCase() === 'all') return <CategoryOverview kind={kind} />;
  return <CategoryProducts kind={kind} />;
}
