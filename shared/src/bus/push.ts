import { filter, firstValueFrom, map } from 'rxjs';
import { emit, on } from './bus';

/**
 * How switching push messages on ended (docs/adr/0024-push-messages.md): 'enabled' (a token is stored), 'blocked'
 * (permission denied: the §8 info box was shown), 'dismissed' (the prompt was closed without a
 * decision), 'unsupported' (no notifications in this browser), 'failed' (no token).
 */
export type PushEnableOutcome = 'enabled' | 'blocked' | 'dismissed' | 'unsupported' | 'failed';

let counter = 0;

/**
 * Asks mf-account (through the shell, which loads its push module) to switch push messages on for
 * this device; resolves with the outcome. Call it from the guest's tap: browsers show the
 * permission prompt only after a user gesture.
 */
export function requestPush(reason: 'order' | 'settings'): Promise<PushEnableOutcome> {
  counter += 1;
  const id = `push-${Date.now().toString(36)}-${counter}`;
  const result = firstValueFrom(
    on('account:push-result').pipe(
      filter((r) => r.id === id),
      map((r) => r.outcome),
    ),
  );
  emit('account:push-enable', { id, reason });
  return result;
}
