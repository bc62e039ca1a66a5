import { expect, test } from '../support/test';

/**
 * The guest's side of the API's limits (docs/security.md): a refused request shows the server's
 * German text, and the shop runs under its Content-Security-Policy without a single violation
 * (every test's collectPageErrors also fails on one).
 */

test('guessing coupon codes: after 10 codes a minute the cart says to wait, in German', async ({ page }) => {
  await page.goto('/Speise/tacos-al-pastor');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('added-to-cart')).toContainText('Zum Korb hinzugefügt');
  await page.goto('/Korb');
  const input = page.getByTestId('code-input');
  const error = page.getByTestId('code-error');
  const tryCode = async (code: string) => {
    await input.fill(code);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/action') && (r.request().postData() ?? '').includes(code));
    await page.getByTestId('code-submit').click();
    return (await answered).status();
  };
  for (let i = 1; i <= 10; i++) {
    expect(await tryCode(`RATEN${i}`)).toBe(200);
    await expect(error).toHaveText('Dieser Code ist leider ungültig.');
  }
  expect(await tryCode('RATEN11')).toBe(429);
  await expect(error).toHaveText('Das waren gerade sehr viele Anfragen. Bitte warte einen Moment und versuche es dann noch einmal.');
});

test('the pages are served under a CSP that forbids framing', async ({ page }) => {
  for (const path of ['/', '/Bestellboard']) {
    const res = await page.goto(path);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
  }
});
