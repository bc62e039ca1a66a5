// A shell page (Home) carries the cart widgets' preloads inert, in <template id="shop-cart-preloads">
// (api/src/http/shell-document.ts, ADR 0036). This small file runs before the shell's main file has
// arrived (both are deferred; this one comes first): when this browser's cart has lines, or the address
// a `cartId`, the preloads become real ones, so a returning guest's badge and bar load in parallel
// with the shell, as on every other page. The shell checks the same at its start
// (shell/src/federation/cart-widgets.ts) should this file not have run; a cart kept in storage past its
// time window (the shell reads it as empty) only costs these preloads.
(function () {
  'use strict';
  try {
    var template = document.getElementById('shop-cart-preloads');
    if (!template || !('content' in template)) return;
    var stored = JSON.parse(localStorage.getItem('cart:items') || 'null');
    var lines = stored && Array.isArray(stored.v) ? stored.v.length : 0;
    if (lines === 0 && !new URLSearchParams(location.search).has('cartId')) return;
    template.remove();
    document.head.appendChild(template.content);
  } catch (error) {
    // No storage (a private window's refusal) or a value that is not JSON: the shell decides at its start.
  }
})();
