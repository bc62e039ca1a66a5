/** The `n` of a `select count(*)::int as n` answer (PGlite and node-postgres both answer `{ rows }`). */
export function countRow(result: unknown): number {
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}
