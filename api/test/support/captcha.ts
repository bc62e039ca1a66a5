import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Solves the human check as the guest's browser does (the ALTCHA widget's proof of work) and
 * returns what the checkout sends with the order.
 */
export async function solveCashCaptcha(challenge: unknown): Promise<{ payload: string }> {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('The human check could not be solved');
  return { payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}
