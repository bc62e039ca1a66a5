// The guardrails of docs/conventions.md, as the lint enforces them: an import of each forbidden kind
// (relative path, package name, workspace alias, re-export, `import type`, dynamic `import()`) added on
// purpose fails with a message that names the rule and its place in the conventions.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const ONE_WAY = 'docs/conventions.md "Layout and ownership": imports flow one way';
const OWNERSHIP = 'docs/conventions.md "Layout and ownership": SDK ownership';

async function linter(): Promise<ESLint> {
  const { boundaries } = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.mjs')).href)) as { boundaries: Linter.Config[] };
  // Only the boundary rules, without type information: fast, and a scratch file need not exist.
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } }, ...boundaries],
  });
}

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await (await linter()).lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

/** Expects exactly one finding of `rule` whose message contains every one of `parts`. */
async function expectRefused(file: string, code: string, rule: string, ...parts: string[]) {
  const messages = await lint(file, code);
  expect(messages, code).toHaveLength(1);
  expect(messages[0]).toContain(`${rule}: `);
  for (const part of parts) expect(messages[0]).toContain(part);
}

const PATHS = 'import-x/no-restricted-paths';

describe('one-way layers, judged on the resolved path (docs/conventions.md)', () => {
  it('a remote importing another remote fails, whether by relative path, alias, re-export, type or dynamic import()', async () => {
    const why = 'mf-menu may import only @shop/shared';
    await expectRefused('mf-menu/src/scratch.ts', "import { x } from '../../mf-cart/src/data/cart-context';\nexport { x };\n", PATHS, why, ONE_WAY);
    await expectRefused('mf-menu/src/scratch.ts', "import { x } from '@shop/mf-cart/src/data/cart-context';\nexport { x };\n", PATHS, why);
    await expectRefused('mf-menu/src/scratch.ts', "export { x } from '@shop/mf-cart/src/data/cart-context';\n", PATHS, why);
    await expectRefused('mf-menu/src/scratch.ts', "import type { X } from '../../mf-cart/src/data/cart-context';\nexport type Y = X;\n", PATHS, why);
    await expectRefused('mf-menu/src/scratch.ts', "export const load = () => import('../../mf-cart/src/app');\n", PATHS, why);
  });

  it("a remote reaching into shared's sources instead of its public entries fails; the public entry passes", async () => {
    await expectRefused(
      'mf-cart/src/scratch.ts',
      "import { cartStore } from '../../shared/src/stores';\nexport const x = cartStore;\n",
      'no-restricted-imports',
      'public entries',
    );
    expect(await lint('mf-cart/src/scratch.ts', "import { cartStore } from '@shop/shared/stores';\nexport const x = cartStore;\n")).toEqual([]);
  });

  it("an rxjs export the shared 'rxjs' does not hold fails in every app and in shared; the shop's surface passes", async () => {
    for (const file of ['mf-menu/src/scratch.ts', 'shell/src/scratch.ts', 'shared/src/bus/scratch.ts']) {
      await expectRefused(file, "import { switchMap } from 'rxjs';\nexport const x = switchMap;\n", 'no-restricted-imports', 'rxjs-surface.mjs', 'ADR 0034');
      expect(await lint(file, "import { BehaviorSubject, filter } from 'rxjs';\nexport const x = [BehaviorSubject, filter];\n")).toEqual([]);
    }
  });

  it('the shell imports no remote, not even dynamically', async () => {
    await expectRefused('shell/src/scratch.ts', "export const load = () => import('@shop/mf-menu/src/app');\n", PATHS, 'the shell loads remotes at runtime');
  });

  it('shared imports no app and not the API', async () => {
    await expectRefused(
      'shared/src/domain/scratch.ts',
      "import { x as y } from '../../../shell/src/App';\nexport const x = y;\n",
      PATHS,
      'shared is at the bottom',
    );
    await expectRefused('shared/src/ui/scratch.ts', "export const load = () => import('@shop/api/src/orders/lifecycle');\n", PATHS, 'shared is at the bottom');
    await expectRefused(
      'shared/src/stores/scratch.ts',
      "import { x } from '@shop/mf-cart/src/data/cart-context';\nexport { x };\n",
      PATHS,
      'shared is at the bottom',
    );
  });

  it("shared's domain is free of React, the browser and the runtime part", async () => {
    const why = "shared's pure part (domain, contract, i18n) is free of React";
    await expectRefused('shared/src/domain/scratch.ts', "import { useState } from 'react';\nexport const x = useState;\n", PATHS, why, ONE_WAY);
    await expectRefused('shared/src/domain/scratch.ts', "import type { ReactNode } from 'react';\nexport type X = ReactNode;\n", PATHS, why);
    await expectRefused('shared/src/domain/scratch.ts', "import { cartStore } from '@shop/shared/stores';\nexport const x = cartStore;\n", PATHS, why);
    await expectRefused('shared/src/domain/scratch.ts', "export const go = () => import('../routes/navigate');\n", PATHS, why);
    await expectRefused('shared/src/contract/scratch.ts', "import { emit } from '../bus';\nexport const x = emit;\n", PATHS, why);
    expect(
      await lint(
        'shared/src/domain/scratch.ts',
        "import { z } from 'zod';\nimport type { RouteName } from '../routes/table';\nexport const x = z;\nexport type R = RouteName;\n",
      ),
    ).toEqual([]);
  });

  it('the API imports no browser code and not the runtime part of the route table', async () => {
    const why = 'the API imports no browser code';
    await expectRefused('api/src/scratch.ts', "import { cartStore } from '@shop/shared/stores';\nexport const x = cartStore;\n", PATHS, why, ONE_WAY);
    await expectRefused('api/src/scratch.ts', "import { matchRoute } from '@shop/shared/routes';\nexport const x = matchRoute;\n", PATHS, why);
    await expectRefused('api/src/scratch.ts', "import { createRoot } from 'react-dom/client';\nexport const x = createRoot;\n", PATHS, why);
    await expectRefused('api/src/scratch.ts', "export const load = () => import('single-spa');\n", PATHS, why);
    expect(
      await lint(
        'api/src/scratch.ts',
        "import { formatEuro } from '@shop/shared/domain/money';\nimport { matchRoute } from '@shop/shared/routes/pure';\nexport const x = [formatEuro, matchRoute];\n",
      ),
    ).toEqual([]);
  });
});

describe('SDK ownership (docs/conventions.md)', () => {
  it('the browser payment SDKs only in mf-checkout', async () => {
    const why = 'the browser payment SDKs (Stripe, PayPal) belong to mf-checkout';
    await expectRefused(
      'mf-menu/src/scratch.ts',
      "import { loadStripe } from '@stripe/stripe-js/pure';\nexport const x = loadStripe;\n",
      PATHS,
      why,
      OWNERSHIP,
    );
    await expectRefused('shell/src/scratch.ts', "export const load = () => import('@paypal/react-paypal-js');\n", PATHS, why);
    expect(await lint('mf-checkout/src/scratch.ts', "import { loadStripe } from '@stripe/stripe-js/pure';\nexport const x = loadStripe;\n")).toEqual([]);
  });

  it('the Firebase browser SDK only in mf-account; the server SDKs only in the API', async () => {
    await expectRefused(
      'shell/src/scratch.ts',
      "export const load = () => import('firebase/auth');\n",
      PATHS,
      'the Firebase browser SDK belongs to mf-account',
    );
    expect(await lint('mf-account/src/scratch.ts', "export const load = () => import('firebase/auth');\n")).toEqual([]);
    await expectRefused(
      'mf-checkout/src/scratch.ts',
      "import Stripe from 'stripe';\nexport const x = Stripe;\n",
      PATHS,
      'the server payment SDK (stripe) belongs to the API',
    );
    await expectRefused(
      'shared/src/domain/scratch.ts',
      "export const load = () => import('firebase-admin/auth');\n",
      PATHS,
      'the Firebase Admin SDK belongs to the API',
    );
    expect(await lint('api/src/scratch.ts', "import Stripe from 'stripe';\nexport const x = Stripe;\n")).toEqual([]);
  });
});

describe('import cycles', () => {
  const scratch = ['shared/src/domain/scratch-cycle-a.ts', 'shared/src/domain/scratch-cycle-b.ts'].map((f) => path.join(ROOT, f));
  afterEach(() => {
    for (const file of scratch) fs.rmSync(file, { force: true });
  });

  it('two modules importing each other fail, naming the rule', async () => {
    fs.writeFileSync(scratch[0]!, "import { b } from './scratch-cycle-b';\nexport const a = () => b;\n");
    fs.writeFileSync(scratch[1]!, "export const b = () => import('./scratch-cycle-a');\n");
    const [result] = await (await linter()).lintFiles([scratch[0]!]);
    const messages = result!.messages.map((m) => `${m.ruleId ?? ''}: ${m.message}`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('import-x/no-cycle: Dependency cycle detected');
  });
});

describe('JavaScript tooling (.mjs) is linted', () => {
  it('an .mjs script with an undefined name and an SDK outside its owner fails with the full configuration', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const [result] = await eslint.lintText("import { loadStripe } from '@stripe/stripe-js';\nexport const x = [loadStripe, notDefined];\n", {
      filePath: path.join(ROOT, 'shared/build/scratch.mjs'),
    });
    const rules = result!.messages.map((m) => m.ruleId);
    expect(rules).toEqual(['import-x/no-restricted-paths', 'no-undef']);
  });
});

describe('one writer per store (docs/requirements.md#cart-protection)', () => {
  async function lintWriters(file: string, code: string): Promise<string[]> {
    const { storeWriters } = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.mjs')).href)) as { storeWriters: Linter.Config[] };
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } }, ...storeWriters],
    });
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result!.messages.map((m) => `${m.ruleId ?? ''}: ${m.message}`);
  }
  const write = "import { cartStore } from '@shop/shared/stores';\nexport const clear = () => cartStore.set([]);\n";

  it('a direct write to the cart store from another remote or the shell fails, naming the rule', async () => {
    for (const file of [
      'mf-menu/src/scratch.ts',
      'mf-checkout/src/scratch.tsx',
      'mf-account/src/scratch.ts',
      'mf-orders/src/scratch.ts',
      'shell/src/scratch.ts',
    ]) {
      const messages = await lintWriters(file, write);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('no-restricted-syntax');
      expect(messages[0]).toContain('docs/requirements.md#cart-protection');
    }
    expect(
      await lintWriters('mf-menu/src/scratch.ts', "import { cartStore } from '@shop/shared/stores';\nexport const f = () => cartStore.update((c) => c);\n"),
    ).toHaveLength(1);
  });

  it('an alias, the restore lock and mf-cart files other than its command module are caught too', async () => {
    expect(await lintWriters('mf-menu/src/scratch.ts', "import { cartStore as c } from '@shop/shared/stores';\nexport const x = c;\n")).toHaveLength(1);
    expect(
      await lintWriters('mf-checkout/src/scratch.ts', "import { lockCart } from '@shop/shared/stores';\nexport const f = () => lockCart();\n"),
    ).toHaveLength(1);
    expect(await lintWriters('mf-cart/src/features/cart/scratch.tsx', write)).toHaveLength(1);
  });

  it("reading the cart and mf-cart's command module pass", async () => {
    expect(
      await lintWriters('mf-menu/src/scratch.ts', "import { cartStore } from '@shop/shared/stores';\nexport const n = () => cartStore.get().length;\n"),
    ).toEqual([]);
    expect(await lintWriters('mf-cart/src/data/commands.ts', write)).toEqual([]);
  });
});
