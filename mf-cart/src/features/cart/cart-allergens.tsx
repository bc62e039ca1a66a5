// Allergens and additives in the cart (requirements#accessibility: the guest decides with full information): each
// line's codes for its chosen options, and one legend for everything in the cart.
import { useEffect, useMemo } from 'react';
import type { ProductLine } from '@shop/shared/contract';
import { additiveNumber, classifySubstances, selectionSubstances, substanceSummary } from '@shop/shared/domain/allergens';
import { configFromLine } from '@shop/shared/domain/configurator';
import { de } from '@shop/shared/i18n';
import { useStore } from '@shop/shared/react';
import { drinkMenuStore, foodMenuStore } from '@shop/shared/stores';
import { currentLookup, ensureLookup } from '../../data/menu-lookup';
import css from './cart.module.css';

/** Substance codes per line, and whether the menus they come from are there yet. */
export interface LineSubstanceCodes {
  readonly codes: ReadonlyMap<string, readonly string[]>;
  /** False until the menus are loaded: the rows keep the place their codes will take (no layout jump). */
  readonly known: boolean;
}

/** The substance codes of each line as configured (empty until the menus are there; tickets have none). */
export function useLineSubstances(lines: readonly ProductLine[]): LineSubstanceCodes {
  const food = useStore(foodMenuStore);
  const drink = useStore(drinkMenuStore);
  useEffect(() => void ensureLookup(), []);
  return useMemo(() => {
    const lookup = food && drink ? currentLookup() : null;
    const codes = new Map<string, readonly string[]>();
    if (!lookup) return { codes, known: false };
    for (const line of lines) {
      const found = lookup(line.id);
      if (!found || found.item.ticket) continue;
      codes.set(line.cartItemId, selectionSubstances(found.item, configFromLine(found.item, line)));
    }
    return { codes, known: true };
  }, [lines, food, drink]);
}

/** 'Allergene: A, G · Zusatzstoffe: 2' under a line; an empty row of its height while the menus load. */
export function LineSubstances({ codes, pending = false }: { codes: readonly string[] | undefined; pending?: boolean }) {
  if (pending) {
    return (
      <div className={css.detail} aria-hidden="true">
        {'\u00a0'}
      </div>
    );
  }
  const summary = codes ? substanceSummary(codes) : '';
  return summary ? (
    <div className={css.detail} data-testid="cart-line-allergens">
      {summary}
    </div>
  ) : null;
}

/** What the letters and numbers in the cart mean (its place kept, invisible, while the menus load). */
export function CartSubstanceLegend({ substances, known = true }: { substances: ReadonlyMap<string, readonly string[]>; known?: boolean }) {
  if (!known) {
    return (
      <details className={css.legend} aria-hidden="true" style={{ visibility: 'hidden' }}>
        <summary>{de.menu.panelAllergens}</summary>
      </details>
    );
  }
  const c = classifySubstances([...substances.values()].flat());
  if (c.allergens.length + c.additives.length === 0) return null;
  return (
    <details className={css.legend} data-testid="cart-allergen-legend">
      <summary>{de.menu.panelAllergens}</summary>
      <ul>
        {c.allergens.map((a) => (
          <li key={a}>
            <strong>{a}</strong> {de.menu.allergens[a]}
          </li>
        ))}
        {c.additives.map((z) => (
          <li key={z}>
            <strong>{additiveNumber(z)}</strong> {de.menu.additives[z]}
          </li>
        ))}
      </ul>
    </details>
  );
}
