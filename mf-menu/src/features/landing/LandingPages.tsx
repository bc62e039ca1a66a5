import type { MenuCategory } from '@shop/shared/contract';
import { findCategory, findMenuItem } from '@shop/shared/domain/menu-visibility';
import { possibleSubstances, truthfulDietSubstances } from '@shop/shared/domain/allergens';
import { formatEuro } from '@shop/shared/domain/money';
import { openingRows } from '@shop/shared/domain/opening-hours';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { Link, useStore } from '@shop/shared/react';
import { appDataStore } from '@shop/shared/stores';
import { Empty, Page, buttonClass } from '@shop/shared/ui';
import { Badges, Heat } from '../../components/Badges';
import { MenuImage } from '../../components/MenuImage';
import { useMenuView } from '../../data/menu-data';
import { fromPrice, hasVariablePrice } from '../../data/prices';
import { openingTexts } from '../hours/OpeningHoursPage';
import { Block, CategoryBlock, Hero, ProductGrid, WithMenu } from './LandingParts';
import { LandingSlider } from './LandingSlider';
import hours from '../hours/hours.module.css';
import css from './landing.module.css';

const SECTIONS = [
  { id: 'classic', label: de.menu.shortcutClassics },
  { id: 'special', label: de.menu.shortcutSpecials },
  { id: 'dok', label: de.menu.shortcutDok },
] as const;

/** CLASSICS, SPECIALS and DREAMS OF THE KITCHEN shortcuts to /Speisen/{catname}, scrolled to the section. */
function SectionShortcuts({ category }: { category: MenuCategory }) {
  const available = SECTIONS.filter((s) => category.items.some((i) => i.section === s.id));
  return (
    <div className={css.shortcuts} data-testid={`shortcuts-${category.id}`}>
      {available.map((section) => {
        const first = category.items.find((i) => i.section === section.id);
        const count = category.items.filter((i) => i.section === section.id).length;
        return (
          <Link
            key={section.id}
            to="Speisen"
            params={{ catname: category.id }}
            query={{ section: section.id }}
            className={css.shortcut}
            data-testid={`shortcut-${category.id}-${section.id}`}
          >
            <MenuImage src={first?.image} alt="" />
            <span>{section.label}</span>
            <span className={css.shortcutCount}>{count === 1 ? de.menu.itemCountOne : fill(de.menu.itemCount, { count })}</span>
          </Link>
        );
      })}
    </div>
  );
}

function SectionBlock({ title, category, testId }: { title: string; category: MenuCategory | null; testId: string }) {
  return (
    <Block
      title={title}
      testId={testId}
      link={
        category ? (
          <Link to="SpeisenProdukte" params={{ catname: category.id }} className={css.blockLink}>
            {de.menu.toCategory}
          </Link>
        ) : null
      }
    >
      {category ? <SectionShortcuts category={category} /> : <Empty>{de.menu.landingEmpty}</Empty>}
    </Block>
  );
}

/** Streetfood: Fresh Burritos and Yummy Quesadillas with section shortcuts, Tasty Tacos, Tempting Taquitos 3er/6er. */
export function StreetfoodPage() {
  const view = useMenuView('food');
  const burritos = findCategory(view.menu, 'burritos');
  return (
    <Page testId="landing-streetfood">
      <LandingSlider current="Streetfood" route="Streetfood" />
      <Hero title={de.menu.landingStreetfoodTitle} intro={de.menu.landingStreetfoodIntro} image={burritos?.image} />
      <WithMenu view={view}>
        {() => {
          const tacos = findCategory(view.menu, 'tacos');
          const taquitos = ['taquitos-3er', 'taquitos-6er'].map((id) => findMenuItem(view.menu, id));
          return (
            <>
              <SectionBlock title={de.menu.landingBurritos} category={burritos} testId="landing-burritos" />
              <SectionBlock title={de.menu.landingQuesadillas} category={findCategory(view.menu, 'quesadillas')} testId="landing-quesadillas" />
              <Block
                title={de.menu.landingTacos}
                testId="landing-tacos"
                link={
                  tacos ? (
                    <Link to="Speisen" params={{ catname: tacos.id }} className={css.blockLink}>
                      {de.menu.toCategory}
                    </Link>
                  ) : null
                }
              >
                {tacos ? <ProductGrid category={{ ...tacos, items: tacos.items.slice(0, 3) }} view={view} /> : <Empty>{de.menu.landingEmpty}</Empty>}
              </Block>
              <Block title={de.menu.landingTaquitos} testId="landing-taquitos">
                <div className={css.shortcuts}>
                  {taquitos.map((found, i) =>
                    found ? (
                      <Link
                        key={found.item.id}
                        to="Speise"
                        params={{ itemId: found.item.id }}
                        className={css.shortcut}
                        data-testid={`taquitos-${i === 0 ? 3 : 6}`}
                      >
                        <MenuImage src={found.item.image} alt="" />
                        <span>{i === 0 ? de.menu.taquitos3 : de.menu.taquitos6}</span>
                        <span className={css.shortcutCount}>{formatEuro(fromPrice(found.item, view.context.mode))}</span>
                      </Link>
                    ) : null,
                  )}
                </div>
                {taquitos.every((t) => !t) ? <Empty>{de.menu.landingEmpty}</Empty> : null}
              </Block>
            </>
          );
        }}
      </WithMenu>
    </Page>
  );
}

/** Salsas: about 15 salsas and dips, each with a short description, heat marks and vegan badges, each opening its item. */
export function SalsasPage() {
  const view = useMenuView('food');
  const salsas = findCategory(view.menu, 'salsas-dips');
  return (
    <Page testId="landing-salsas">
      <LandingSlider current="Salsas" route="Salsas" />
      <Hero title={de.menu.landingSalsasTitle} intro={de.menu.landingSalsasIntro} image={salsas?.image} />
      <WithMenu view={view}>
        {() =>
          salsas ? (
            <ul className={css.salsaList} data-testid="salsa-list">
              {salsas.items.map((item) => (
                <li key={item.id} className={css.salsa}>
                  <Link to="Speise" params={{ itemId: item.id }} className={css.salsaLink} data-testid="salsa-item">
                    <span className={css.salsaImage}>
                      <MenuImage src={item.image} alt="" />
                    </span>
                    <span className={css.salsaBody}>
                      <span className={css.salsaName}>
                        {item.nameDE} <Heat level={item.heat} />
                      </span>
                      <Badges item={{ substances: truthfulDietSubstances(item, possibleSubstances(item)) }} compact />
                      <span className={css.salsaText}>{item.descriptionDE}</span>
                      <span className={css.salsaPrice}>
                        {hasVariablePrice(item)
                          ? fill(de.menu.fromPrice, { price: formatEuro(fromPrice(item, view.context.mode)) })
                          : formatEuro(fromPrice(item, view.context.mode))}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>{de.menu.landingEmpty}</Empty>
          )
        }
      </WithMenu>
    </Page>
  );
}

/** Bowls: Lifestyle Bowls (classic, special, dok) and Salads. */
export function BowlsPage() {
  const view = useMenuView('food');
  const bowls = findCategory(view.menu, 'bowls');
  return (
    <Page testId="landing-bowls">
      <LandingSlider current="Bowls" route="Bowls" />
      <Hero title={de.menu.landingBowlsTitle} intro={bowls?.descriptionDE ?? ''} image={bowls?.image} />
      <WithMenu view={view}>
        {() => (
          <>
            <SectionBlock title={de.menu.landingBowlsLifestyle} category={bowls} testId="landing-lifestyle-bowls" />
            <CategoryBlock view={view} categoryId="salads" title={de.menu.landingBowlsSalads} />
          </>
        )}
      </WithMenu>
    </Page>
  );
}

function CategoryLanding({
  route,
  categoryId,
  title,
  intro,
  testId,
}: {
  route: 'SummerSize' | 'Snacks' | 'YourOwn' | 'Plates';
  categoryId: string;
  title: string;
  intro: string;
  testId: string;
}) {
  const view = useMenuView('food');
  return (
    <Page testId={testId}>
      <LandingSlider current={route} route={route} />
      <Hero title={title} intro={intro} image={findCategory(view.raw, categoryId)?.image} />
      <WithMenu view={view}>{() => <CategoryBlock view={view} categoryId={categoryId} title={title} />}</WithMenu>
    </Page>
  );
}

export const SummerSizePage = () => (
  <CategoryLanding
    route="SummerSize"
    categoryId="kids-summer-size"
    title={de.menu.landingSummerTitle}
    intro={de.menu.landingSummerIntro}
    testId="landing-summersize"
  />
);
export const SnacksPage = () => (
  <CategoryLanding route="Snacks" categoryId="snacks-nachos" title={de.menu.landingSnacksTitle} intro={de.menu.landingSnacksIntro} testId="landing-snacks" />
);
export const YourOwnPage = () => (
  <CategoryLanding route="YourOwn" categoryId="your-own" title={de.menu.landingYourOwnTitle} intro={de.menu.landingYourOwnIntro} testId="landing-yourown" />
);
export const PlatesPage = () => (
  <CategoryLanding route="Plates" categoryId="plates" title={de.menu.landingPlatesTitle} intro={de.menu.landingPlatesIntro} testId="landing-plates" />
);

/** Abholung: how pickup works, where and when. */
export function PickupPage() {
  const appData = useStore(appDataStore);
  const view = useMenuView('food');
  const store = view.context.store;
  const rows = appData ? openingRows(appData.appconfig.takeAway.openingHours, openingTexts()) : [];
  return (
    <Page testId="landing-abholung">
      <LandingSlider route="Abholung" />
      <Hero title={de.menu.landingPickupTitle} intro={de.menu.landingPickupIntro} image={findCategory(view.raw, 'menus')?.image} />
      <ol className={css.steps}>
        <li className={css.stepItem}>{de.menu.landingPickupStep1}</li>
        <li className={css.stepItem}>{de.menu.landingPickupStep2}</li>
        <li className={css.stepItem}>{de.menu.landingPickupStep3}</li>
      </ol>
      <Block title={de.menu.landingPickupWhere}>
        <div className={css.address}>
          <strong>{store?.name ?? appData?.branch.pickupAddress}</strong>
          {store ? (
            <span>
              {store.strasse}, {store.plz} {store.ort}
            </span>
          ) : null}
          {store?.phone ? <span>{`${de.menu.phone}: ${store.phone}`}</span> : null}
        </div>
      </Block>
      <Block title={de.menu.pickupTitle}>
        <table className={hours.table}>
          <tbody>
            {rows.map((r) => (
              <tr key={r.days}>
                <th scope="row">{r.days}</th>
                <td className={r.closed ? hours.closed : ''}>{r.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Block>
      <div className={css.cta}>
        <Link to="Speisen" params={{ catname: 'all' }} className={buttonClass('primary', true)}>
          {de.menu.landingPickupCta}
        </Link>
      </div>
    </Page>
  );
}
