/**
 * Exposed as 'mf_account/session' (the shell's session-restore contract): the shell loads this
 * module at start only when localStorage['account:session'] is set, so guests never download
 * the Firebase SDK.
 */
export { startSession } from './auth/session-core';
