#!/usr/bin/env node
// npm run build: builds every front-end app (only stale ones; --force for all).
import { buildOutdated } from './lib/apps.mjs';

const force = process.argv.includes('--force');
const built = await buildOutdated({ force });
console.log(built.length ? `built: ${built.join(', ')}` : 'all apps are up to date');
