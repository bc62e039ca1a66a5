/**
 * The jump flag (requirements#screens: "Clicking a card sets a jump flag and opens that category's list"):
 * the list then moves focus to its heading (or to a section) instead of restoring a scroll position.
 */
let pending: string | null = null;

export function setJumpFlag(categoryId: string): void {
  pending = categoryId;
}

export function takeJumpFlag(categoryId: string): boolean {
  if (pending !== categoryId) return false;
  pending = null;
  return true;
}
