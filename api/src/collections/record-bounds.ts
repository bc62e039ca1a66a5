import type { z } from 'zod';
import { shell as texts } from '@shop/shared/i18n/shell';
import { ApiError } from '../http/api-error';

/** The JSON size of a record in bytes (what a jsonb column holds, give or take its encoding). */
export function recordBytes(record: unknown): number {
  return Buffer.byteLength(JSON.stringify(record), 'utf8');
}

/**
 * A stored record never grows beyond its bound (docs/security.md "Limits", RECORD_BYTES): checked
 * on the record as it would be stored, after the change is merged into what was there. 413 with a
 * German text otherwise; nothing is written.
 */
export function assertRecordSize(record: unknown, maxBytes: number, what: string): void {
  const bytes = recordBytes(record);
  if (bytes > maxBytes) throw new ApiError(413, 'record_too_large', `${what} would take ${bytes} bytes, at most ${maxBytes}`, texts.recordTooLarge);
}

/**
 * A stored record read back under the closed schema: each top-level field that still passes its
 * schema is kept, one that does not (written before the schema was closed) falls back to its
 * default or is left out. Never throws on old data.
 */
export function salvage<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>, raw: unknown): Partial<z.output<z.ZodObject<Shape>>> {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(source[key]);
    const fallback = parsed.success ? parsed : (field as z.ZodType).safeParse(undefined);
    if (fallback.success && fallback.data !== undefined) kept[key] = fallback.data;
  }
  return kept as Partial<z.output<z.ZodObject<Shape>>>;
}
