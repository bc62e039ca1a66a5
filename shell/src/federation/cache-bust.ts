// "Erneut versuchen" after a 404 or a network error must ask the network again
// (docs/requirements.md#remote-retry): the remote is registered again under its manifest URL with a
// retry counter, so neither the browser's HTTP cache nor the federation runtime's manifest and entry
// caches (keyed by URL) can hand back the failed answer.

/** The manifest URL of a retry: the same file, a query the server ignores. */
export function cacheBustedEntry(entry: string, attempt: number): string {
  const [path, query] = entry.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(query);
  params.set('mf-retry', String(attempt));
  return `${path}?${params.toString()}`;
}

/** Scripts of a remote's version folder left in the document by a failed load (a loader would reuse them instead of fetching again). */
export function staleScripts(doc: Pick<Document, 'querySelectorAll'>, entry: string): HTMLScriptElement[] {
  const folder = entry.split('?', 1)[0]!.replace(/[^/]*$/, '');
  return [...doc.querySelectorAll<HTMLScriptElement>('script[src]')].filter((script) => new URL(script.src, 'http://x').pathname.startsWith(folder));
}
