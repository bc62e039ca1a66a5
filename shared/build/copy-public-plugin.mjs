// Copies an app's public/ folder (web manifest, icons) into its build output as-is.
import fs from 'node:fs';
import path from 'node:path';

export class CopyPublicPlugin {
  constructor(dir) {
    this.dir = dir;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyPublicPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        if (!fs.existsSync(this.dir)) return;
        const walk = (dir) => {
          for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else {
              compilation.fileDependencies.add(full);
              compilation.emitAsset(path.relative(this.dir, full).split(path.sep).join('/'), new RawSource(fs.readFileSync(full)));
            }
          }
        };
        walk(this.dir);
      });
    });
  }
}
