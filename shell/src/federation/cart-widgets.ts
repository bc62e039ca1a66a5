// When the page loads mf-cart's widgets (ADR 0036). The cart badge and the floating bar start the
// cart's page-wide services (restore lock, `cartId` restore, the cart's command handler, offers,
// re-pricing). On a shell page (Home) with an empty cart none of them has work to do: no remote
// there asks for a cart command or shows offers, and an empty cart shows no bar and a badge without
// a count, which the shell draws itself. So a new guest's Home loads no cart code; the widgets come
// with the first page of a remote, with the cart's first line, or at once for a `cartId` link or a
// cart restored from storage.
import { useEffect, useState } from 'react';
import { useStore } from '@shop/shared/react';
import { matchRoute } from '@shop/shared/routes';
import { cartStore } from '@shop/shared/stores';

/**
 * The element the server puts the cart widgets' preloads in on a shell page (a `<template>`, so
 * nothing is fetched): api/src/http/shell-document.ts.
 */
export const CART_PRELOADS_ELEMENT_ID = 'shop-cart-preloads';

/** Whether the page needs the cart's widgets: every page but a shell page with an empty cart and no `cartId` link. */
export function cartWidgetsNeeded(pathname: string, search: string, cartLines: number): boolean {
  if (matchRoute(pathname)?.app !== 'shell') return true;
  return cartLines > 0 || new URLSearchParams(search).has('cartId');
}

/**
 * At start, before the first render: when the widgets are needed on this shell page, the server's
 * inert preloads become real ones, so their files come in parallel with the shell's start (as on
 * every other page, where the document preloads them itself).
 */
export function preloadCartWidgetsIfNeeded(doc: Document, location: Pick<Location, 'pathname' | 'search'>, cartLines: number): boolean {
  const template = doc.getElementById(CART_PRELOADS_ELEMENT_ID);
  if (!(template instanceof HTMLTemplateElement) || !cartWidgetsNeeded(location.pathname, location.search, cartLines)) return false;
  template.remove();
  doc.head.appendChild(template.content);
  return true;
}

/** The layout's hook: true from the first moment the widgets are needed, and then for the rest of the visit. */
export function useCartWidgets(pathname: string): boolean {
  const lines = useStore(cartStore).length;
  const needed = cartWidgetsNeeded(pathname, window.location.search, lines);
  const [loaded, setLoaded] = useState(needed);
  useEffect(() => {
    if (needed) setLoaded(true);
  }, [needed]);
  return needed || loaded;
}
