import { filter, firstValueFrom, map } from 'rxjs';
import { emit, on } from '@shop/shared/bus';

let counter = 0;

/**
 * Asks the shell for a yes/no question dialog: true for yes, false for no, null when the guest
 * cancelled it (Escape, the backdrop, navigating away). A cancel is never an answer
 * (docs/requirements.md#shell). In the pure part of @shop/shared: it speaks
 * the existing 'shell:overlay' protocol, so it needs no runtime release.
 */
export async function askOrCancel(title: string, options: { text?: string; yes: string; no: string }): Promise<boolean | null> {
  counter += 1;
  const id = `q-${Date.now().toString(36)}-${counter}`;
  const answer = firstValueFrom(
    on('shell:overlay-answer').pipe(
      filter((a) => a.id === id),
      map((a) => (a.answer === 'yes' ? true : a.answer === 'no' ? false : null)),
    ),
  );
  emit('shell:overlay', { kind: 'question', id, title, ...(options.text !== undefined ? { text: options.text } : {}), yes: options.yes, no: options.no });
  return answer;
}
