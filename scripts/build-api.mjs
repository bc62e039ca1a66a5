#!/usr/bin/env node
// npm run build:api: api/dist/main.js, the compiled API that production runs (`node --enable-source-maps api/dist/main.js`).
import { buildApi } from './lib/build-api.mjs';

await buildApi({ log: console.log });
