import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartUnavailableError, cartCommand, registerCartCommands, type CartCommandHandler } from './cart';
import { SHOP_CONSTANTS } from '../domain/shop-constants';

function handler(log: string[]): CartCommandHandler {
  return {
    add: async ({ line }) => {
      log.push(`add ${line.id}`);
      return { outcome: 'added', cartItemId: line.cartItemId, accepted: line.count };
    },
    replace: async () => ({ outcome: 'missing' }),
    setFees: async ({ fees }) => {
      log.push(`fees ${fees.length}`);
      return { changed: true };
    },
    removeFees: async () => ({ changed: false }),
    clear: async () => {
      log.push('clear');
      return { changed: true };
    },
  };
}

describe('the cart command seam (docs/requirements.md#cart-protection)', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => {
    unregister?.();
    unregister = undefined;
    vi.useRealTimers();
  });

  it("runs a command on mf-cart's registered handler and returns its result", async () => {
    const log: string[] = [];
    unregister = registerCartCommands(handler(log));
    await expect(cartCommand('clear', {})).resolves.toEqual({ changed: true });
    await expect(cartCommand('setFees', { fees: [] })).resolves.toEqual({ changed: true });
    expect(log).toEqual(['clear', 'fees 0']);
  });

  it('waits for mf-cart while it is still loading, then runs the command once', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const pending = cartCommand('clear', {});
    await vi.advanceTimersByTimeAsync(SHOP_CONSTANTS.cartCommandWaitMs - 1);
    expect(log).toEqual([]);
    unregister = registerCartCommands(handler(log));
    await expect(pending).resolves.toEqual({ changed: true });
    expect(log).toEqual(['clear']);
  });

  it('rejects with CartUnavailableError when mf-cart never registers', async () => {
    vi.useFakeTimers();
    const pending = cartCommand('clear', {});
    const check = expect(pending).rejects.toBeInstanceOf(CartUnavailableError);
    await vi.advanceTimersByTimeAsync(SHOP_CONSTANTS.cartCommandWaitMs);
    await check;
  });

  it('an unregistered handler takes no more commands', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    registerCartCommands(handler(log))();
    const pending = cartCommand('clear', {});
    const check = expect(pending).rejects.toBeInstanceOf(CartUnavailableError);
    await vi.advanceTimersByTimeAsync(SHOP_CONSTANTS.cartCommandWaitMs);
    await check;
    expect(log).toEqual([]);
  });
});
