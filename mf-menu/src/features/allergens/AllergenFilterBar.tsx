import { useEffect, useState } from 'react';
import { emit } from '@shop/shared/bus';
import type { AllergenCode } from '@shop/shared/domain/allergens';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { useShellLayer } from '@shop/shared/react';
import { Icon } from '@shop/shared/ui';
import { AllergenChips, allergenShortName } from '@shop/shared/ui/allergen-chips';
import { loadPreferences, setExcludedAllergens } from '@shop/shared/stores/preferences';
import type { MenuView } from '../../data/menu-data';
import css from './allergens.module.css';

/**
 * Allergen filter (beyond the spec; user setting `allergenes`): the guest picks allergens to avoid,
 * items that always contain one are hidden, items where only options do are marked.
 */
export function AllergenFilterBar({ view, hidden }: { view: Pick<MenuView, 'excluded' | 'hiddenByAllergens'>; hidden?: number }) {
  const [open, setOpen] = useState(false);
  // The open filter is an overlay: back closes it (one history entry), as a navigation does (docs/requirements.md#navigation).
  useShellLayer(open, () => setOpen(false));
  const excluded = view.excluded;
  const hiddenCount = hidden ?? view.hiddenByAllergens;
  useEffect(() => {
    void loadPreferences().catch(() => undefined);
  }, []);

  const save = (next: string[]) => {
    setExcludedAllergens(next).catch(() => emit('shell:overlay', { kind: 'snackbar', text: de.menu.preferencesSaveError }));
  };

  const active = excluded.length > 0;
  return (
    <div className={css.filter} data-testid="allergen-filter">
      <div className={css.filterRow}>
        <button
          type="button"
          className={[css.filterToggle, active ? css.filterToggleActive : ''].join(' ')}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          data-testid="allergen-filter-toggle"
        >
          <Icon name="warning" size={18} />
          {active
            ? fill(de.menu.allergenFilterActive, { list: excluded.map((c) => allergenShortName(c as AllergenCode)).join(', ') })
            : de.menu.allergenFilterTitle}
        </button>
        {/* Always present, so that a new count is announced (a live region that appears with its text is often not read). */}
        <span className={css.hiddenCount} role="status" data-testid={active && hiddenCount > 0 ? 'allergen-hidden-count' : undefined}>
          {active && hiddenCount > 0 ? fill(de.menu.allergenFilterHidden, { count: hiddenCount }) : ''}
        </span>
      </div>
      {open ? (
        <div className={css.filterPanel}>
          <p className={css.filterIntro}>{de.menu.allergenFilterIntro}</p>
          <AllergenChips excluded={excluded} onChange={save} />
          {active ? (
            <button type="button" className={css.reset} onClick={() => save([])}>
              {de.menu.allergenFilterReset}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
