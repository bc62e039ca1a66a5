import { ALLERGEN_CODES, toggleExcluded, type AllergenCode } from '../domain/allergens';
import { menu as menuTexts } from '../i18n/de/menu';
import css from './allergen-chips.module.css';

/** 'Glutenhaltiges Getreide' from 'Glutenhaltiges Getreide (Weizen, Roggen, …)'. */
export function allergenShortName(code: AllergenCode): string {
  return menuTexts.allergens[code].split(' (')[0] ?? code;
}

/**
 * The allergens A–R as toggle chips (user setting `allergenes`): used by the menu's allergen
 * filter and the account's Einstellungen page. A module of its own (`@shop/shared/ui/allergen-chips`)
 * so that the shell's first load does not carry it.
 */
export function AllergenChips({ excluded, onChange }: { excluded: readonly string[]; onChange: (next: string[]) => void }) {
  return (
    <div className={css.chips} role="group" aria-label={menuTexts.allergenFilterTitle}>
      {ALLERGEN_CODES.map((code) => {
        const on = excluded.includes(code);
        return (
          <button
            key={code}
            type="button"
            className={[css.chip, on ? css.chipOn : ''].join(' ')}
            aria-pressed={on}
            onClick={() => onChange(toggleExcluded(excluded, code))}
            data-testid={`allergen-chip-${code}`}
          >
            <span className={css.chipCode}>{code}</span>
            {allergenShortName(code)}
          </button>
        );
      })}
    </div>
  );
}
