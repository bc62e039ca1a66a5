import { CHECKOUT_CONSTANTS } from './checkout-constants';
import type { Cents } from './money';

/**
 * Customer cards the staff hand out (requirements#checkout-screens, requirements#order-entities Customer card; ADR 0021): a card number
 * of 12 digits whose last digit is a Luhn check digit (a mistyped digit is caught before the
 * server is asked), printed in groups of four, and a 6-digit check code that proves the guest holds
 * the card. Top-ups are bounded.
 */

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn check digit of a digit string. */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A card number from its first 11 digits (the check digit appended). */
export function cardNumberFrom(body: string): string {
  if (!/^\d+$/.test(body) || body.length !== CHECKOUT_CONSTANTS.customerCardNumberDigits - 1) throw new Error(`expected 11 digits, got "${body}"`);
  return body + String(luhnDigit(body));
}

/** What a guest typed, without spaces and dashes. */
export function normalizeCardNumber(input: string): string {
  return digitsOnly(input.trim());
}

/** Whether a (normalised) card number has 12 digits and a right check digit. */
export function isValidCardNumber(value: string): boolean {
  const n = normalizeCardNumber(value);
  if (n.length !== CHECKOUT_CONSTANTS.customerCardNumberDigits || !/^\d+$/.test(n)) return false;
  return luhnDigit(n.slice(0, -1)) === Number(n.slice(-1));
}

/** '1234 5678 9012': how the number is printed and shown. */
export function formatCardNumber(value: string): string {
  return (
    normalizeCardNumber(value)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

export function normalizeCheckCode(input: string): string {
  return digitsOnly(input.trim());
}

export function isValidCheckCode(value: string): boolean {
  return new RegExp(`^\\d{${CHECKOUT_CONSTANTS.customerCardCheckCodeDigits}}$`).test(normalizeCheckCode(value));
}

export type TopUpProblem = 'invalid' | 'too-small' | 'too-large' | 'balance-limit';

/** Why a top-up of `amount` onto a card holding `balance` is refused, or null when it is fine. */
export function topUpProblem(amount: Cents, balance: Cents): TopUpProblem | null {
  if (!Number.isInteger(amount)) return 'invalid';
  if (amount < CHECKOUT_CONSTANTS.customerCardTopUpMinCents) return 'too-small';
  if (amount > CHECKOUT_CONSTANTS.customerCardTopUpMaxCents) return 'too-large';
  if (balance + amount > CHECKOUT_CONSTANTS.customerCardMaxBalanceCents) return 'balance-limit';
  return null;
}

/** Whether a card still takes check-code attempts after `failures` wrong ones (from all accounts together). */
export function claimAttemptsLeft(failures: number): boolean {
  return failures < CHECKOUT_CONSTANTS.customerCardLockFailures;
}

/** Whether an account may try another check code after `recentFailures` wrong ones within customerCardClaimWindowMs. */
export function accountMayTryCode(recentFailures: number): boolean {
  return recentFailures < CHECKOUT_CONSTANTS.customerCardClaimFailuresPerAccount;
}
