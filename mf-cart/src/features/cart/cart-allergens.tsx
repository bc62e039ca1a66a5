// Allergens and additives in the cart (issue 13: the guest decides with full information): each
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

/** The substance codes of each line as configured (empty until the menus are there; tickets have none). */
export function useLineSubstances(lines: readonly ProductLine[]): ReadonlyMap<string, readonly string[]> {
  const food = useStore(foodMenuStore);
  const drink = useStore(drinkMenuStore);
  useEffect(() => void ensureLookup(), []);
  return useMemo(() => {
    const lookup = food && drink ? currentLookup() : null;
    const codes = new Map<string, readonly string[]>();
    if (!lookup) return codes;
    for (const line of lines) {
      const found = lookup(line.id);
      if (!found || found.item.ticket) continue;
      codes.set(line.cartItemId, selectionSubstances(found.item, configFromLine(found.item, line)));
    }
    return codes;
  }, [lines, food, drink]);
}

/** 'Allergene: A, G · Zusatzstoffe: 2' under a line. */
export function LineSubstances({ codes }: { codes: readonly string[] | undefined }) {
  const summary = codes ? substanceSummary(codes) : '';
  return summary ? (
    <div className={css.detail} data-testid="cart-line-allergens">
      {summary}
    </div>
  ) : null;
}

/** What the letters and numbers in the cart mean. */
export function CartSubstanceLegend({ substances }: { substances: ReadonlyMap<string, readonly string[]> }) {
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
