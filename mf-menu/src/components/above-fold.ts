/** Cards a phone shows before scrolling: their images load at once (a 412 px screen shows about 4). */
const ABOVE_FOLD_CARDS = 4;

/** Whether the card at `index` is on the first screen; the very first one is the page's largest paint. */
export function aboveFold(index: number): 'first' | boolean {
  return index === 0 ? 'first' : index < ABOVE_FOLD_CARDS;
}
