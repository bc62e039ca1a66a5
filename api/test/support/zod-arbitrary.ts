import fc from 'fast-check';

/**
 * fast-check arbitraries from the contract's zod schemas (zod 4 definitions), for the fuzz test:
 * `validish` builds values in the shape of a schema (most of them pass it, so the handlers are
 * reached), `hostile` values that no schema should let through to a handler unchecked.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
type Schema = { _zod: { def: Def; bag?: Record<string, unknown> } };

const defOf = (schema: unknown): Def => (schema as Schema)._zod.def;
/**
 * A schema's bounds: zod's bag when it is filled, else read from the definition's checks (this zod
 * fills the bag lazily): minimum/maximum (lengths and values), format and regex patterns.
 */
function bagOf(schema: unknown): Record<string, unknown> {
  const bag = (schema as Schema)._zod.bag ?? {};
  if (Object.keys(bag).length > 0) return bag;
  const checks = ((defOf(schema).checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((c) => c._zod.def);
  const derived: Record<string, unknown> = {};
  const patterns = new Set<RegExp>();
  for (const check of checks) {
    switch (check.check) {
      case 'min_length':
        derived.minimum = check.minimum;
        break;
      case 'max_length':
        derived.maximum = check.maximum;
        break;
      case 'length_equals':
        derived.minimum = check.length;
        derived.maximum = check.length;
        break;
      case 'greater_than':
        derived.minimum = check.inclusive ? check.value : (check.value as number) + 1;
        break;
      case 'less_than':
        derived.maximum = check.inclusive ? check.value : (check.value as number) - 1;
        break;
      case 'number_format':
        derived.format = check.format;
        break;
      case 'string_format':
        if (check.format === 'regex' && check.pattern instanceof RegExp) patterns.add(check.pattern);
        else derived.format = check.format;
        break;
    }
  }
  if (patterns.size > 0) derived.patterns = patterns;
  return derived;
}

/** Strings as people and scripts type them: plain, German, e-mail-like, digits, ids. */
function stringFor(schema: unknown): fc.Arbitrary<string> {
  const bag = bagOf(schema);
  const min = typeof bag.minimum === 'number' ? bag.minimum : 0;
  const max = Math.min(typeof bag.maximum === 'number' ? bag.maximum : 60, 60);
  if (bag.format === 'email') return fc.emailAddress();
  const patterns = bag.patterns instanceof Set ? [...(bag.patterns as Set<RegExp>)] : [];
  if (patterns.length > 0) return fc.stringMatching(patterns[0]!).filter((s) => s.length >= min && s.length <= Math.max(min, max));
  return fc.oneof(
    fc.string({ minLength: min, maxLength: Math.max(min, max) }),
    fc
      .constantFrom('Erika Mustermann', 'Grindelallee 118', '20146', '+4915112345678', 'tacos-al-pastor', 'WILLKOMMEN5', 'ÄÖÜ ß €')
      .filter((s) => s.length >= min && s.length <= Math.max(min, max)),
  );
}

function numberFor(schema: unknown): fc.Arbitrary<number> {
  const bag = bagOf(schema);
  const min = typeof bag.minimum === 'number' && Number.isFinite(bag.minimum) ? bag.minimum : -1_000_000;
  const max = typeof bag.maximum === 'number' && Number.isFinite(bag.maximum) ? bag.maximum : 1_000_000;
  const integer = bag.format === 'safeint' || bag.format === 'int32' || bag.format === 'uint32';
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  return integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

export function validish(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 14) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return stringFor(schema);
    case 'number':
      return numberFor(schema);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validish(def.innerType, depth + 1), { nil: undefined });
    case 'nullable':
      return fc.option(validish(def.innerType, depth + 1), { nil: null });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validish(def.innerType, depth + 1);
    case 'pipe':
      return validish(def.in, depth + 1);
    case 'lazy':
      return validish((def.getter as () => unknown)(), depth + 1);
    case 'array': {
      const bag = bagOf(schema);
      const min = typeof bag.minimum === 'number' ? bag.minimum : 0;
      return fc.array(validish(def.element, depth + 1), { minLength: min, maxLength: Math.max(min, 3) });
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const entries = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, validish(value, depth + 1)]));
      return fc.record(entries).map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => validish(option, depth + 1)));
    case 'record':
      return fc.dictionary(stringFor(def.keyType), validish(def.valueType, depth + 1), { maxKeys: 3 });
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.constant(null);
  }
}

/** Values a hostile client sends: huge, nested, control characters, broken Unicode, wrong types. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant('x'.repeat(300_000)),
  fc.constant('\u0000'),
  fc.constant('Erika\uD800'),
  fc.constant('\u202Eevil'),
  fc.constant('<script>alert(1)</script>'),
  fc.constant("' OR 1=1 --"),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant(3_000_000),
  fc.constant(0.1),
  fc.constant(null),
  fc.constant(true),
  fc.constant([]),
  fc.constant({}),
  fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}') as unknown),
  fc.constant(Array.from({ length: 5000 }, () => 1)),
  fc.constant(JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)) as unknown),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** `value` with the thing at one random path (or the whole value) replaced by a hostile value. */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const paths: string[][] = [[]];
  const collect = (v: unknown, at: string[]) => {
    if (at.length > 6 || v === null || typeof v !== 'object') return;
    for (const [key, child] of Object.entries(v as Record<string, unknown>)) {
      paths.push([...at, key]);
      collect(child, [...at, key]);
    }
  };
  collect(value, []);
  return fc.tuple(fc.constantFrom(...paths), hostile).map(([path, bad]) => {
    if (path.length === 0) return bad;
    const copy = structuredClone(value) as Record<string, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[path[path.length - 1]!] = bad;
    return copy;
  });
}

/**
 * Values in the shape of a schema, as large as its bounds allow: every string at its maximum
 * length (up to 2,000 characters), every optional field present, lists of up to 24 entries at the
 * top and 3 further down. Payloads of tens to hundreds of kilobytes: what a client trying to grow a
 * stored record sends (the fuzz run's stored-document part).
 */
export function large(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 14) return fc.constant(null);
  switch (def.type) {
    case 'string': {
      const bag = bagOf(schema);
      const patterns = bag.patterns instanceof Set ? [...(bag.patterns as Set<RegExp>)] : [];
      if (patterns.length > 0 || bag.format) return stringFor(schema);
      const max = Math.min(typeof bag.maximum === 'number' ? bag.maximum : 2_000, 2_000);
      return fc.constantFrom('x', 'Ä', '€').map((c) => c.repeat(max));
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return large(def.innerType, depth + 1);
    case 'pipe':
      return large(def.in, depth + 1);
    case 'array': {
      const bag = bagOf(schema);
      const min = typeof bag.minimum === 'number' ? bag.minimum : 0;
      const cap = depth <= 2 ? 24 : 3;
      const max = Math.max(min, Math.min(typeof bag.maximum === 'number' ? bag.maximum : cap, cap));
      return fc.array(large(def.element, depth + 1), { minLength: min, maxLength: max });
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, large(value, depth + 1)])));
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => large(option, depth + 1)));
    default:
      return validish(schema, depth);
  }
}
