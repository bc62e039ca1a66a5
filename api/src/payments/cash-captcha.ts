/**
 * The cash captcha of the pickup-payment flow (checkout-spec §2: the submit button shows only when
 * a captcha input of 4 characters is present; §9: 4 characters). A human-presence check against
 * accidental and scripted orders that are paid only at pickup: the server issues 4 characters as
 * a distorted SVG, keeps only a hash, and accepts each answer once within 10 minutes.
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import type { Db } from '../db/client';
import { cashCaptchas } from '../db/schema';

/** No 0/O, 1/I/L: characters that are easy to tell apart. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function hashAnswer(id: string, answer: string): string {
  return crypto.createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');
}

function svgOf(text: string): string {
  const rnd = (min: number, max: number) => min + crypto.randomInt(0, 1000) * ((max - min) / 1000);
  const chars = [...text]
    .map((c, i) => {
      const x = 18 + i * 30 + rnd(-3, 3);
      const y = 36 + rnd(-5, 5);
      const r = rnd(-22, 22).toFixed(1);
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" transform="rotate(${r} ${x.toFixed(1)} ${y.toFixed(1)})">${c}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 4 }, () => {
    const [x1, y1, x2, y2] = [rnd(0, 40), rnd(5, 50), rnd(100, 150), rnd(5, 50)];
    return `<line x1="${x1.toFixed(0)}" y1="${y1.toFixed(0)}" x2="${x2.toFixed(0)}" y2="${y2.toFixed(0)}" stroke="#b00060" stroke-width="1.5" opacity="0.55"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="56" viewBox="0 0 150 56"><rect width="150" height="56" fill="#fff7fb"/>${lines}<g font-family="monospace" font-size="30" font-weight="700" fill="#24161e">${chars}</g></svg>`;
}

export async function issueCashCaptcha(db: Db, now: number): Promise<{ captchaId: string; svg: string }> {
  let text = '';
  for (let i = 0; i < CHECKOUT_CONSTANTS.cashCaptchaLength; i++) text += ALPHABET[crypto.randomInt(0, ALPHABET.length)];
  const captchaId = `cap_${crypto.randomBytes(12).toString('hex')}`;
  await db.insert(cashCaptchas).values({ id: captchaId, answerHash: hashAnswer(captchaId, text), expiresAt: now + CHECKOUT_CONSTANTS.cashCaptchaTtlMs, usedAt: null });
  return { captchaId, svg: svgOf(text) };
}

/**
 * True when the answer matches an unused, unexpired captcha; the captcha is used up either way
 * (one guess per code). SaveNewOrder calls this for orders paid at pickup and answers
 * `captchaError` when it is false.
 */
export async function verifyCashCaptcha(db: Db, captcha: { id: string; answer: string } | undefined, now: number): Promise<boolean> {
  if (!captcha) return false;
  const used = await db
    .update(cashCaptchas)
    .set({ usedAt: now })
    .where(and(eq(cashCaptchas.id, captcha.id), isNull(cashCaptchas.usedAt)))
    .returning();
  const row = used[0];
  if (!row || row.expiresAt < now) return false;
  return crypto.timingSafeEqual(Buffer.from(row.answerHash), Buffer.from(hashAnswer(captcha.id, captcha.answer)));
}
