import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_DIR, E2E_EMULATOR_FILE } from './paths.mjs';

/**
 * The Firebase Auth emulator of the e2e server, reached directly (not through the shop, whose proxy
 * refuses the emulator's administration to browsers): the SMS codes it "sent"
 * (/emulator/v1/projects/<id>/verificationCodes) and the e-mails' action codes (…/oobCodes).
 */
interface EmulatorInfo {
  readonly host: string;
  readonly projectId: string;
}

export function emulator(): EmulatorInfo {
  if (!fs.existsSync(E2E_EMULATOR_FILE)) throw new Error(`${E2E_EMULATOR_FILE} is missing: the e2e server (e2e/support/serve.mjs) writes it at start`);
  const info = JSON.parse(fs.readFileSync(E2E_EMULATOR_FILE, 'utf8')) as { host: string | null; projectId: string };
  if (!info.host) throw new Error('The e2e server runs without the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST or SHOP_AUTH_EMULATOR=off)');
  return { host: info.host, projectId: info.projectId };
}

async function admin<T>(what: 'verificationCodes' | 'oobCodes'): Promise<T> {
  const { host, projectId } = emulator();
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/${what}`);
  if (!res.ok) throw new Error(`emulator ${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface VerificationCode {
  readonly phoneNumber: string;
  readonly sessionInfo: string;
  readonly code: string;
}

/** The SMS codes the emulator sent to a number, oldest first. */
export async function verificationCodes(phoneNumber: string): Promise<VerificationCode[]> {
  const { verificationCodes: list = [] } = await admin<{ verificationCodes?: VerificationCode[] }>('verificationCodes');
  return list.filter((c) => c.phoneNumber === phoneNumber);
}

/** The newest SMS code to a number, waiting until there are `count` of them. */
export async function phoneCode(phoneNumber: string, count = 1): Promise<string> {
  await expect.poll(async () => (await verificationCodes(phoneNumber)).length, { message: `SMS codes for ${phoneNumber}` }).toBeGreaterThanOrEqual(count);
  return (await verificationCodes(phoneNumber)).at(-1)!.code;
}

export interface OobCode {
  readonly email: string;
  readonly requestType: 'EMAIL_SIGNIN' | 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'VERIFY_AND_CHANGE_EMAIL' | 'RECOVER_EMAIL';
  readonly oobCode: string;
  readonly oobLink: string;
  readonly newEmail?: string;
}

/** The e-mails of one kind the emulator sent to an address, oldest first. */
export async function oobCodes(email: string, requestType: OobCode['requestType']): Promise<OobCode[]> {
  const { oobCodes: list = [] } = await admin<{ oobCodes?: OobCode[] }>('oobCodes');
  return list.filter((c) => c.email.toLowerCase() === email.toLowerCase() && c.requestType === requestType);
}

/** The newest e-mail of a kind to an address, waiting until there are `count` of them. */
export async function oobCode(email: string, requestType: OobCode['requestType'], count = 1): Promise<OobCode> {
  await expect.poll(async () => (await oobCodes(email, requestType)).length, { message: `${requestType} e-mails to ${email}` }).toBeGreaterThanOrEqual(count);
  return (await oobCodes(email, requestType)).at(-1)!;
}

/**
 * The page Firebase's e-mail would open with the shop's custom action URL (the Anmelden route,
 * README "Signing in, and real Firebase projects per host"): the widget's page for the mode with the code.
 */
export function actionPage(mode: string, code: OobCode, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ mode, oobCode: code.oobCode, apiKey: 'demo-api-key', lang: 'de', ...extra });
  return `/Anmelden?${params.toString()}`;
}

/**
 * Offline stand-ins for Google's scripts: gapi (the SDK's and the emulator helper frame's loader)
 * is served from e2e/support/gapi-iframes.js; the emulator sign-in page's styling from unpkg and
 * Google Fonts is refused at once instead of waiting for a DNS answer that never comes.
 */
export async function useOfflineGoogleScripts(context: BrowserContext): Promise<void> {
  const file = path.join(E2E_DIR, 'support', 'gapi-iframes.js');
  await context.route('https://apis.google.com/js/api.js**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', path: file }));
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}

/** The emulator's provider page: adds an account and signs in with it ("Add new account"). */
export async function signInAtProvider(page: Page, account: { email: string; displayName: string }): Promise<void> {
  await page.getByText('Add new account').click();
  await page.locator('#email-input').fill(account.email);
  await page.locator('#display-name-input').fill(account.displayName);
  await page.locator('#sign-in').click();
}

/** The emulator's provider page: signs in with an account it already knows. */
export async function chooseAtProvider(page: Page, email: string): Promise<void> {
  await page.locator('.js-reuse-account').filter({ hasText: email }).click();
}

export function newEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.org`;
}

/** A German mobile number that no other test uses. */
export function newMobile(): { national: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { national: `0151 ${digits}`, e164: `+49151${digits}` };
}

/** Creates an e-mail/password user through the emulator's sign-up (through the shop's proxy, as the SDK does). */
export async function createPasswordUser(
  request: APIRequestContext,
  email: string,
  password: string,
  displayName: string,
): Promise<{ uid: string; idToken: string }> {
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', {
    data: { email, password, displayName, returnSecureToken: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/** The widget's e-mail and password sign-in: the e-mail is looked up, then the password page. */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/Anmelden');
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-next').click();
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
}
