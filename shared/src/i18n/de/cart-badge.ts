/**
 * The cart badge's name (requirements#screens header): apart from the cart's other texts, so the
 * shell's stand-in badge on a shell page does not carry the whole cart catalogue (ADR 0036).
 */
export const cartBadge = {
  cartAria: 'Warenkorb, {count} Artikel',
} as const;
