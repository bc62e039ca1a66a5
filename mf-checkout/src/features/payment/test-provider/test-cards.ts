/**
 * The offline test provider's card form works like Stripe.js: the card number never leaves the
 * browser; it is turned into a test payment method token here, mirroring Stripe's test cards.
 */

export const TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000002760003184': 'pm_card_authenticationRequired',
};

export type TestCardResult =
  { readonly ok: true; readonly token: string; readonly exp: string } | { readonly ok: false; readonly field: 'number' | 'exp' | 'cvc' | 'unknown' };

/** Luhn check digit test. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** 'MM/YY' not in the past (month granularity), relative to `now`. */
export function expiryValid(exp: string, now: number): boolean {
  const m = exp.trim().match(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  const today = new Date(now);
  return year > today.getUTCFullYear() || (year === today.getUTCFullYear() && month >= today.getUTCMonth() + 1);
}

/** Number, expiry and CVC as typed -> a test token and the normalised expiry, or the field at fault. */
export function tokenizeTestCard(input: { number: string; exp: string; cvc: string }, now: number): TestCardResult {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, field: 'number' };
  if (!expiryValid(input.exp, now)) return { ok: false, field: 'exp' };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, field: 'cvc' };
  const token = TEST_CARDS[digits];
  if (!token) return { ok: false, field: 'unknown' };
  return { ok: true, token, exp: input.exp.replace(/\s/g, '') };
}

/** Groups digits in fours while typing. */
export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(.{4})/g, '$1 ')
    .trim();
}
