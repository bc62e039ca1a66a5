/** A text whose '{placeholders}' were not all given a value (requirements#accessibility: never 'zu Tisch .'). */
export class UnfilledPlaceholderError extends Error {
  constructor(
    readonly text: string,
    readonly placeholders: readonly string[],
  ) {
    super(`Unfilled placeholder ${placeholders.map((p) => `{${p}}`).join(', ')} in "${text}"`);
    this.name = 'UnfilledPlaceholderError';
  }
}

type Params = Readonly<Record<string, string | number | undefined>>;

/** An empty, blank or non-finite value fills nothing: the sentence would read wrong. */
function usable(value: string | number | undefined): value is string | number {
  if (value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  return value.trim() !== '';
}

/** Unit tests run strict: an unfilled text is a failing test, not a shrug (vitest sets VITEST). */
function strict(): boolean {
  return typeof process !== 'undefined' && Boolean(process.env?.VITEST);
}

/**
 * Fills '{name}' placeholders: fill('Vorbestellung für {time} Uhr', { time: '12:30' }).
 *
 * A placeholder without a usable value (missing, empty, blank, NaN) never reaches the page: in unit
 * tests `fill` throws an UnfilledPlaceholderError; elsewhere it reports the text on the console
 * (the e2e suite fails on it) and returns '' so that nothing half-filled is shown. A caller whose
 * value may be empty picks another text first.
 */
export function fill(text: string, params: Params): string {
  const unfilled: string[] = [];
  const filled = text.replace(/\{(\w+)\}/g, (match, key: string) => {
    const value = params[key];
    if (!usable(value)) {
      unfilled.push(key);
      return match;
    }
    return String(value);
  });
  if (unfilled.length === 0) return filled;
  const error = new UnfilledPlaceholderError(text, unfilled);
  if (strict()) throw error;
  console.error(error.message);
  return '';
}
