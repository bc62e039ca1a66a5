import crypto from 'node:crypto';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Unguessable order id used in /Bestellung/{uniqueOrderId}: date plus 12 random characters. */
export function newUniqueOrderId(now: number = Date.now()): string {
  const bytes = crypto.randomBytes(12);
  let random = '';
  for (const b of bytes) random += ALPHABET.charAt(b % ALPHABET.length);
  const d = new Date(now);
  const date = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `${date}-${random}`;
}
