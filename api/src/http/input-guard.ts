/**
 * Text a person can type: no control characters (but tab, line feed, carriage return) and no lone
 * UTF-16 surrogates (PostgreSQL refuses them in jsonb, so they would end as a 500). Checked for
 * every string and key of a request body before anything else looks at it (docs/security.md).
 */
// Matching control characters is the point of this pattern.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper JSON than any payload of this API is refused as well (JSON bombs). */
export const MAX_DEPTH = 16;

export type InputProblem = { readonly path: string; readonly reason: 'characters' | 'depth' };

function badText(value: string): boolean {
  return CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/** The first problem of a parsed JSON body, or null. */
export function findInputProblem(value: unknown, path = '', depth = 0): InputProblem | null {
  if (depth > MAX_DEPTH) return { path, reason: 'depth' };
  if (typeof value === 'string') return badText(value) ? { path, reason: 'characters' } : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInputProblem(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (badText(key)) return { path: at, reason: 'characters' };
      const found = findInputProblem(child, at, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
