/**
 * Route patterns (docs/requirements.md#routes): '/Speise/:itemId', '/Speisen/:catname?'. Pure, so
 * both the route table (runtime part) and the routes a remote contributes itself (its exposed
 * './routes', looked up by the shell for a path the table does not know) match the same way.
 */
export interface RouteSegment {
  readonly literal?: string;
  readonly param?: string;
  readonly optional?: boolean;
}

export function parsePattern(pattern: string): RouteSegment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (!part.startsWith(':')) return { literal: part };
      const optional = part.endsWith('?');
      return { param: part.slice(1, optional ? -1 : undefined), optional };
    });
}

/** The parameters of `pathname` under `pattern`, or null when it does not match (case-sensitive). */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const segments = parsePattern(pattern);
  const parts = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let i = 0;
  for (const seg of segments) {
    const part = parts[i];
    if (seg.literal !== undefined) {
      if (part !== seg.literal) return null;
      i++;
      continue;
    }
    if (part === undefined) {
      if (seg.optional) continue;
      return null;
    }
    params[seg.param!] = decodeURIComponent(part);
    i++;
  }
  return i === parts.length ? params : null;
}

/** A route a remote contributes through its exposed './routes' module. */
export interface ContributedRoute {
  readonly name: string;
  readonly path: string;
  readonly title?: string;
  readonly aliases?: readonly string[];
}

/** The first contributed route `pathname` belongs to (trailing slashes ignored), with its params. */
export function matchContributed<T extends ContributedRoute>(routes: readonly T[], pathname: string): { route: T; params: Record<string, string> } | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of routes) {
    for (const pattern of [route.path, ...(route.aliases ?? [])]) {
      const params = matchPattern(pattern, clean);
      if (params) return { route, params };
    }
  }
  return null;
}
