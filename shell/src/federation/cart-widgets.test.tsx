import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductLine } from '@shop/shared/contract';
import { cartStore } from '@shop/shared/stores';
import { CART_PRELOADS_ELEMENT_ID, cartWidgetsNeeded, preloadCartWidgetsIfNeeded, useCartWidgets } from './cart-widgets';

const LINE = { id: 'line-1', itemId: 'tacos-al-pastor', count: 1 } as unknown as ProductLine;

afterEach(() => {
  cartStore.set([]);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("the cart's widgets (ADR 0036)", () => {
  it('are needed on every page but a shell page with an empty cart and no cartId link', () => {
    expect(cartWidgetsNeeded('/', '', 0)).toBe(false);
    expect(cartWidgetsNeeded('/Home', '?table=4', 0)).toBe(false);
    expect(cartWidgetsNeeded('/', '', 1)).toBe(true);
    expect(cartWidgetsNeeded('/', '?cartId=abc', 0)).toBe(true);
    expect(cartWidgetsNeeded('/SpeisenProdukte/burritos', '', 0)).toBe(true);
    expect(cartWidgetsNeeded('/Korb', '', 0)).toBe(true);
    // A path no route knows may be a page a remote added.
    expect(cartWidgetsNeeded('/gibt-es-nicht', '', 0)).toBe(true);
  });

  it("turn the document's inert preloads into real ones only when needed", () => {
    const template = () => {
      document.head.innerHTML = `<template id="${CART_PRELOADS_ELEMENT_ID}"><link rel="preload" href="/mf/mf-cart/0.1.0/remoteEntry.js" as="script"></template>`;
    };
    template();
    expect(preloadCartWidgetsIfNeeded(document, { pathname: '/', search: '' }, 0)).toBe(false);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
    expect(preloadCartWidgetsIfNeeded(document, { pathname: '/', search: '' }, 2)).toBe(true);
    expect(document.getElementById(CART_PRELOADS_ELEMENT_ID)).toBeNull();
    expect([...document.head.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('href'))).toEqual(['/mf/mf-cart/0.1.0/remoteEntry.js']);
    template();
    expect(preloadCartWidgetsIfNeeded(document, { pathname: '/', search: '?cartId=x' }, 0)).toBe(true);
    // No template (another page, an older API): nothing to do.
    expect(preloadCartWidgetsIfNeeded(document, { pathname: '/', search: '' }, 2)).toBe(false);
  });

  it("load with the cart's first line or the first remote page, and stay for the visit", () => {
    const { result } = renderHook(({ path }) => useCartWidgets(path), { initialProps: { path: '/' } });
    expect(result.current).toBe(false);
    act(() => cartStore.set([LINE]));
    expect(result.current).toBe(true);
    act(() => cartStore.set([]));
    expect(result.current).toBe(true);

    const other = renderHook(({ path }) => useCartWidgets(path), { initialProps: { path: '/' } });
    expect(other.result.current).toBe(false);
    other.rerender({ path: '/Speisen/all' });
    expect(other.result.current).toBe(true);
    other.rerender({ path: '/' });
    expect(other.result.current).toBe(true);
  });
});
