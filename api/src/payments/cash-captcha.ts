/**
 * The human check of orders paid on site (requirements#checkout-screens: the order button shows only once the
 * check is passed; §8: a failed check reloads silently and asks again). A proof of work (ALTCHA,
 * `altcha-lib`, ADR 0014): the server hands out a signed challenge, the browser solves it in a web
 * worker (no picture to read, no puzzle to see: usable with a screen reader), the server verifies
 * the solution and accepts each challenge once within its lifetime. Nothing in the markup gives the
 * answer away; a script has to pay the same work per order, and the rate limits bound how often.
 */
import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import type { Db } from '../db/client';
import { cashCaptchas, settings } from '../db/schema';

const ALGORITHM = 'PBKDF2/SHA-256';
const SECRET_KEY = 'cashCaptchaSecret';

/** The HMAC secret of the challenges: generated on first use and kept in the database (all instances share it). */
async function secretOf(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: SECRET_KEY, data: { secret: crypto.randomBytes(32).toString('base64url') }, updatedAt: 0 })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  const secret = (row?.data as { secret?: unknown } | undefined)?.secret;
  if (typeof secret !== 'string' || secret.length < 32) throw new Error('The cash captcha secret in the settings table is missing or malformed');
  return secret;
}

/** A new challenge; its issue time is signed into it (checked with the API's clock, not the library's). */
export async function issueCashCaptcha(db: Db, now: number): Promise<{ challenge: Challenge }> {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: CHECKOUT_CONSTANTS.cashCaptchaCost,
    counter: randomInt(CHECKOUT_CONSTANTS.cashCaptchaCounterMin, CHECKOUT_CONSTANTS.cashCaptchaCounterMax),
    deriveKey,
    data: { issuedAt: now },
    hmacSignatureSecret: await secretOf(db),
  });
  return { challenge };
}

function decode(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge?: Challenge; solution?: Solution };
    if (!parsed?.challenge?.parameters || typeof parsed.challenge.signature !== 'string' || !parsed.solution) return null;
    return { challenge: parsed.challenge, solution: parsed.solution };
  } catch {
    return null;
  }
}

/**
 * True when the payload solves a challenge this server signed, issued within the last 10 minutes
 * and not used before; the challenge is used up either way (one try per challenge). SaveNewOrder
 * calls this for orders paid on site and answers `captchaError` when it is false.
 */
export async function verifyCashCaptcha(db: Db, captcha: { payload: string } | undefined, now: number): Promise<boolean> {
  if (!captcha) return false;
  const decoded = decode(captcha.payload);
  if (!decoded) return false;
  const issuedAt = Number(decoded.challenge.parameters.data?.issuedAt);
  if (!Number.isFinite(issuedAt) || issuedAt > now + 60_000 || now - issuedAt > CHECKOUT_CONSTANTS.cashCaptchaTtlMs) return false;
  const result = await verifySolution({ ...decoded, deriveKey, hmacSignatureSecret: await secretOf(db) }).catch(() => null);
  if (!result?.verified) return false;
  // Once: the nonce of a solved challenge is recorded; a replay finds it taken.
  const used = await db
    .insert(cashCaptchas)
    .values({
      id: `alt_${decoded.challenge.parameters.nonce}`.slice(0, 120),
      answerHash: '',
      expiresAt: issuedAt + CHECKOUT_CONSTANTS.cashCaptchaTtlMs,
      usedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: cashCaptchas.id });
  return used.length === 1;
}
