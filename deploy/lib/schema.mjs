// The host descriptor schema is the zod schema of the shared contract (TypeScript), loaded with tsx
// so the command and the API validate with exactly the same rules.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './paths.mjs';

let schemaPromise;

async function loadSchema() {
  schemaPromise ??= (async () => {
    const { tsImport } = await import('tsx/esm/api');
    const file = path.join(REPO_ROOT, 'shared', 'src', 'contract', 'deploy.ts');
    const mod = await tsImport(pathToFileURL(file).href, import.meta.url);
    return mod.hostDescriptor;
  })();
  return schemaPromise;
}

/** Returns a list of problems ('remotes.mf_menu: expected a semantic version'); empty when valid. */
export async function descriptorProblems(value) {
  const schema = await loadSchema();
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}
