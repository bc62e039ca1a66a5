import type { MenuItem } from '@shop/shared/contract';
import { classifySubstances } from '@shop/shared/domain/allergens';
import { de } from '../texts';
import css from './components.module.css';

/** NEU badge and the dietary badge row (flags starting with 'l'; lAlk is the alcohol note instead). */
export function Badges({ item, compact }: { item: Pick<MenuItem, 'neu' | 'substances'>; compact?: boolean }) {
  const flags = classifySubstances(item.substances).flags.filter((f) => f !== 'lAlk');
  if (!item.neu && flags.length === 0) return null;
  return (
    <span className={[css.badges, compact ? css.badgesCompact : ''].join(' ')} data-testid="badges">
      {item.neu ? <span className={css.badgeNew}>{de.menu.newBadge}</span> : null}
      {flags.map((f) => (
        <span key={f} className={[css.badge, f === 'lVplus' ? css.badgeVegan : f === 'lV' ? css.badgeVeggie : ''].join(' ')}>
          {de.menu.flags[f]}
        </span>
      ))}
    </span>
  );
}

/** Heat marks of salsas (0–3 chillies). */
export function Heat({ level }: { level: number | undefined }) {
  if (!level) return null;
  const label = de.menu.heat.replace('{n}', String(level));
  return (
    <span className={css.heat} role="img" aria-label={label} title={label} data-heat={level}>
      {Array.from({ length: level }, (_, i) => (
        <svg key={i} width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M15.5 3.5c.3-1 1.4-1.6 2.3-1.2l-.6 1.6c1.6.8 2.6 2.6 2.2 4.5-1 5.2-6.3 12.3-14.6 13.4-1.5.2-2.4-1.6-1.3-2.6 3.4-3.1 6-7.7 7.5-11.7.7-1.8 2.6-3 4.5-2.6z"
            fill="var(--shop-danger)"
          />
          <path d="M15.6 3.6c-.6-.6-1.8-.7-2.6 0" stroke="#2e7d32" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      ))}
    </span>
  );
}
