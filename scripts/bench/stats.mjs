// Small statistics and formatting helpers for the benchmarks.

/** Nearest-rank percentile of a list of numbers (p in 0..100). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const kB = (bytes) => (bytes / 1000).toFixed(1);
export const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '–');

/** A plain text table; numbers right-aligned. */
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  const isNumber = (v) => typeof v === 'number' || /^[\d.,–-]+( ?(kB|ms|\/s|%))?$/.test(String(v));
  return rows
    .map((r, i) =>
      r
        .map((cell, c) => {
          const s = String(cell ?? '');
          return i > 0 && isNumber(cell) ? s.padStart(widths[c]) : s.padEnd(widths[c]);
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
