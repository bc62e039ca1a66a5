import type { ReactNode } from 'react';
import type { MenuCategory } from '@shop/shared/contract';
import { findCategory } from '@shop/shared/domain/menu-visibility';
import { de } from '../../texts';
import { Link } from '@shop/shared/react';
import { Empty, Skeleton } from '@shop/shared/ui';
import { MenuImage } from '../../components/MenuImage';
import type { MenuView } from '../../data/menu-data';
import { LoadFailed } from '../categories/CategoryOverview';
import { ProductCard } from '../products/ProductCard';
import common from '../../components/components.module.css';
import css from './landing.module.css';

export function Hero({ title, intro, image }: { title: string; intro: string; image?: string | undefined }) {
  return (
    <section className={css.hero} data-testid="landing-hero">
      <div className={css.heroText}>
        <h1 className={css.heroTitle}>{title}</h1>
        <p className={css.heroIntro}>{intro}</p>
      </div>
      <MenuImage src={image} alt="" className={css.heroImage} eager />
    </section>
  );
}

export function Block({ title, link, children, testId }: { title: string; link?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={css.block} data-testid={testId}>
      <div className={css.blockHead}>
        <h2 className={css.blockTitle}>{title}</h2>
        {link}
      </div>
      {children}
    </section>
  );
}

/** Loading and error states shared by the landing pages; renders children once the menu is there. */
export function WithMenu({ view, children }: { view: MenuView; children: () => ReactNode }) {
  if (view.status === 'loading') return <Skeleton height={260} />;
  if (view.status === 'error') return <LoadFailed onRetry={view.retry} />;
  return <>{children()}</>;
}

export function ProductGrid({ category, view, kind = 'food' }: { category: MenuCategory; view: MenuView; kind?: 'food' | 'drink' }) {
  return (
    <div className={common.grid}>
      {category.items.map((item) => (
        <div key={item.id} className={common.cell}>
          <ProductCard item={item} category={category} kind={kind} view={view} />
        </div>
      ))}
    </div>
  );
}

/** A landing block of one category's products, or the unavailable text. */
export function CategoryBlock({ view, categoryId, title }: { view: MenuView; categoryId: string; title: string }) {
  const category = findCategory(view.menu, categoryId);
  return (
    <Block
      title={title}
      testId={`landing-block-${categoryId}`}
      link={
        category ? (
          <Link to="SpeisenProdukte" params={{ catname: category.id }} className={css.blockLink}>
            {de.menu.toCategory}
          </Link>
        ) : null
      }
    >
      {category ? <ProductGrid category={category} view={view} /> : <Empty>{de.menu.landingEmpty}</Empty>}
    </Block>
  );
}
