import fs from 'node:fs';
import path from 'node:path';
import { writeDigests } from '../../../shared/build/integrity.mjs';

/**
 * A fake build folder of an app, enough for the deploy command's and the API's checks: its entry
 * (manifest or index.html, with a marker to tell versions apart), a build-info.json with what it
 * needs and provides, and the sha256 digest of every file (a release refuses a build without them).
 */
export function fakeBuild(appRoot: string, folder: string, version: string, marker = `${folder} ${version}`): string {
  const dir = folder === 'shell' ? path.join(appRoot, 'shell', 'dist') : path.join(appRoot, folder, 'dist', version);
  fs.mkdirSync(dir, { recursive: true });
  const entry = folder === 'shell' ? 'index.html' : 'mf-manifest.json';
  fs.writeFileSync(path.join(dir, entry), JSON.stringify({ name: folder.replace('-', '_'), marker, metaData: { publicPath: `/mf/${folder}/${version}/` } }));
  const info = { app: folder, version, contractVersion: 2, provides: { rxjs: '7.8.2' }, requires: { rxjs: '^7.8.2' }, files: [entry] };
  fs.writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(info));
  writeDigests(dir);
  return dir;
}
