// The import boundaries of docs/conventions.md, as the lint enforces them: a violation added on
// purpose fails with a message that names the rule's place in the conventions.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

async function lint(file: string, code: string): Promise<string[]> {
  const { boundaries } = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.mjs')).href)) as { boundaries: Linter.Config[] };
  // Only the boundary rules, without type information: fast, and the scratch file need not exist.
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } }, ...boundaries],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('import boundaries (docs/conventions.md)', () => {
  it('a remote importing another remote fails, naming the rule in the conventions', async () => {
    const messages = await lint('mf-menu/src/scratch.ts', "import { redeemCode } from '../../mf-cart/src/data/redeem';\nexport const x = redeemCode;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('no-restricted-imports');
    expect(messages[0]).toContain('mf-menu may import only @shop/shared');
    expect(messages[0]).toContain('docs/conventions.md "Layout and ownership": imports flow one way');
  });

  it("a remote reaching into shared's sources instead of its public entries fails; the public entry passes", async () => {
    expect(await lint('mf-cart/src/scratch.ts', "import { cartStore } from '../../shared/src/stores';\nexport const x = cartStore;\n")).toHaveLength(1);
    expect(await lint('mf-cart/src/scratch.ts', "import { cartStore } from '@shop/shared/stores';\nexport const x = cartStore;\n")).toEqual([]);
  });

  it('the shell does not import remotes; shared imports no app; the API no browser code', async () => {
    expect(await lint('shell/src/scratch.ts', "import app from '@shop/mf-menu';\nexport const x = app;\n")).toHaveLength(1);
    expect(await lint('shared/src/domain/scratch.ts', "import { x as y } from '../../../shell/src/App';\nexport const x = y;\n")).toHaveLength(1);
    expect(await lint('api/src/scratch.ts', "import { cartStore } from '@shop/shared/stores';\nexport const x = cartStore;\n")).toHaveLength(1);
    expect(await lint('api/src/scratch.ts', "import { formatEuro } from '@shop/shared/domain/money';\nexport const x = formatEuro;\n")).toEqual([]);
  });
});
