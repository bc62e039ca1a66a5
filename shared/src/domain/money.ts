/**
 * Money is held as integer euro cents everywhere in the shop (ADR 0002).
 * The spec's "totals round to 2 decimals" is the same rule expressed in cents.
 */
export type Cents = number;

/** Rounds an intermediate (possibly fractional) cent amount to whole cents, half away from zero. */
export function roundCents(value: number): Cents {
  const rounded = Math.round(Math.abs(value));
  return value < 0 ? -rounded : rounded;
}

/** Euro value (for payment providers that expect decimal strings, e.g. PayPal "12.50"). */
export function centsToEuroString(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `percent` % of an amount, rounded to cents. */
export function percentOf(amount: Cents, percent: number): Cents {
  return roundCents((amount * percent) / 100);
}

/** Sum of cent amounts. */
export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** Never below zero (the spec: sums never go below 0). */
export function clampToZero(amount: Cents): Cents {
  return amount < 0 ? 0 : amount;
}

/** German price display: 1234 -> "12,34 €". Uses a non-breaking space like Intl does. */
export function formatEuro(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/**
 * An amount the staff type in euros ('20', '12,50', '12.5', '20 €') as cents; null when it is not
 * a plain amount of at most 99999,99 € with up to two decimals (no thousands separators, no sign).
 */
export function parseEuroInput(text: string): Cents | null {
  const plain = text.replace(/€/g, '').replace(/\s/g, '');
  const match = /^(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
