// The shell's side of the overlay bus in component tests: what a screen asks the shell to show
// (dialogs, snackbars, toasts) is recorded, and an info dialog is answered at once with OK, as a guest
// pressing OK would. Test-only: no production code imports @shop/shared/testing.
import { emit, on, type OverlayRequest } from '@shop/shared/bus';

export interface ShellOverlays {
  /** Every request so far, in order. */
  readonly requests: OverlayRequest[];
  /** Stops listening (call it in `afterEach`). */
  stop(): void;
}

export function answerOverlays(): ShellOverlays {
  const requests: OverlayRequest[] = [];
  const subscription = on('shell:overlay').subscribe((request) => {
    requests.push(request);
    const id = request.kind === 'info' ? request.id : undefined;
    if (id) queueMicrotask(() => emit('shell:overlay-answer', { id, answer: 'ok' }));
  });
  return { requests, stop: () => subscription.unsubscribe() };
}
