import { filter, firstValueFrom, map } from 'rxjs';
import { emit, on } from './bus';

/** Overlays owned by the shell (requirements#shell), requested over the bus. */
export type OverlayRequest =
  | { readonly kind: 'info'; readonly id?: string; readonly title: string; readonly text?: string }
  | {
      readonly kind: 'question';
      readonly id: string;
      readonly title: string;
      readonly text?: string;
      readonly yes: string;
      readonly no: string;
    }
  | {
      readonly kind: 'toast';
      readonly text: string;
      readonly durationMs?: number;
      readonly action?: { readonly label: string; readonly href: string };
      /** 'top': shown at the top of the screen, clear of what the next page asks at its bottom (the order page's push question). */
      readonly placement?: 'top';
    }
  | { readonly kind: 'snackbar'; readonly text: string; readonly durationMs?: number }
  /** A sheet at the bottom of the screen that closes after 4 s (requirements#screens Overlays), with an optional link. */
  | { readonly kind: 'bottom-sheet'; readonly text: string; readonly action?: { readonly label: string; readonly href: string } }
  | { readonly kind: 'added-to-cart' }
  | { readonly kind: 'loading'; readonly show: boolean; readonly autoHideMs?: number }
  | { readonly kind: 'close-all' };

export interface OverlayAnswer {
  readonly id: string;
  readonly answer: 'yes' | 'no' | 'ok' | 'dismissed';
}

let counter = 0;
function nextId(): string {
  counter += 1;
  return `ov-${Date.now().toString(36)}-${counter}`;
}

/** Shows a yes/no question dialog and resolves with the answer. */
export async function ask(title: string, options: { text?: string; yes?: string; no?: string } = {}): Promise<boolean> {
  const id = nextId();
  const answer = firstValueFrom(
    on('shell:overlay-answer').pipe(
      filter((a) => a.id === id),
      map((a) => a.answer === 'yes'),
    ),
  );
  emit('shell:overlay', {
    kind: 'question',
    id,
    title,
    ...(options.text !== undefined ? { text: options.text } : {}),
    yes: options.yes ?? 'Ja',
    no: options.no ?? 'Nein',
  });
  return answer;
}

/** Shows an info dialog and resolves when it is closed. */
export async function inform(title: string, text?: string): Promise<void> {
  const id = nextId();
  const closed = firstValueFrom(on('shell:overlay-answer').pipe(filter((a) => a.id === id)));
  emit('shell:overlay', { kind: 'info', id, title, ...(text !== undefined ? { text } : {}) });
  await closed;
}
