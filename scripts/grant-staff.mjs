#!/usr/bin/env node
// node scripts/grant-staff.mjs <email> [--revoke]
// Gives a Firebase account the custom claim `staff: true` (the staff order board, /Bestellboard),
// or takes it away. Uses firebase-admin with the project of FIREBASE_PROJECT_ID and Google
// credentials (GOOGLE_APPLICATION_CREDENTIALS); with FIREBASE_AUTH_EMULATOR_HOST set, the emulator.
// The claim reaches the user's ID token at the next token refresh (at most an hour, or sign in again).
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './lib/apps.mjs';

const [email, flag] = process.argv.slice(2);
if (!email || (flag && flag !== '--revoke')) {
  console.error('usage: node scripts/grant-staff.mjs <email> [--revoke]');
  process.exit(2);
}
const projectId = process.env.FIREBASE_PROJECT_ID;
if (!projectId) {
  console.error('FIREBASE_PROJECT_ID is not set: which Firebase project holds the account?');
  process.exit(2);
}
const require = createRequire(path.join(REPO_ROOT, 'api', 'package.json'));
const { initializeApp } = require('firebase-admin/app');
const { getAuth } = require('firebase-admin/auth');
const auth = getAuth(initializeApp({ projectId }));
try {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (flag === '--revoke') delete claims.staff;
  else claims.staff = true;
  await auth.setCustomUserClaims(user.uid, claims);
  console.log(`${email} (${user.uid}): staff ${flag === '--revoke' ? 'revoked' : 'granted'}`);
} catch (error) {
  console.error(`Could not change ${email}: ${error.message}`);
  process.exit(1);
}
