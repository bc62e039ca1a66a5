// Writes shared-files.json beside the shell's manifest: for the singletons the shell provides from
// chunks of its own (PROVIDED_BY_SHELL), the files a remote loads when it takes them from the shell.
// The API preloads them with a remote's route (api/src/http/shell-document.ts), so the router does not
// wait for the remote to start. Unhashed like the manifest; it never changes after the build.
import webpack from 'webpack';

export const SHARED_FILES = 'shared-files.json';
const PROVIDE_MODULE = 'provide-module';

export class SharedFilesPlugin {
  /** @param {{ names: string[] }} options */
  constructor(options) {
    this.names = new Set(options.names);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = {};
        for (const module of compilation.modules) {
          if (module.type !== PROVIDE_MODULE || !this.names.has(module._name)) continue;
          const list = new Set();
          for (const block of module.blocks) {
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            for (const chunk of group?.chunks ?? []) for (const file of chunk.files) if (file.endsWith('.js')) list.add(file);
          }
          files[module._name] = [...list].sort();
        }
        compilation.emitAsset(SHARED_FILES, new webpack.sources.RawSource(`${JSON.stringify(files, null, 2)}\n`));
      });
    });
  }
}
