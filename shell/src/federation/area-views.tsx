// What the shell draws inside a remote's area while the remote is not there: a skeleton sized like a
// page while it loads, and a fallback that says what still works (the cart is the shell's, so it is
// kept) with a retry that needs no reload.
import { createRoot } from 'react-dom/client';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { Link } from '@shop/shared/react';
import { matchRoute } from '@shop/shared/routes';
import { Button } from '@shop/shared/ui';
import type { Removal } from './recovering-app';
import css from './area-views.module.css';

/** The remotes whose fallback reassures about the cart (the cart itself lives in the shell's store). */
const CART_REMOTES = new Set(['mf_cart', 'mf_checkout']);
const SKELETON_CARDS = 4;

/** Draws the loading skeleton synchronously (plain DOM: no render pass before it shows). */
export function drawSkeleton(area: HTMLElement, app: string): Removal {
  const skeleton = document.createElement('div');
  skeleton.className = css.skeleton ?? '';
  skeleton.dataset.testid = `remote-skeleton-${app}`;
  skeleton.setAttribute('role', 'status');
  skeleton.setAttribute('aria-label', shellTexts.loading);
  const title = skeleton.appendChild(document.createElement('div'));
  title.className = `${css.block} ${css.title}`;
  for (let i = 0; i < SKELETON_CARDS; i++) skeleton.appendChild(document.createElement('div')).className = `${css.block} ${css.card}`;
  area.appendChild(skeleton);
  return () => skeleton.remove();
}

function Fallback({ app, onRetry }: { app: string; onRetry: () => void }) {
  const onCartPage = matchRoute(window.location.pathname)?.name === 'Korb';
  const aboutCart = CART_REMOTES.has(app);
  return (
    <div role="alert" data-testid={`remote-fallback-${app}`} className={css.fallback}>
      <h2>{shellTexts.remoteUnavailableTitle}</h2>
      {aboutCart ? <p data-testid="remote-fallback-cart-kept">{shellTexts.remoteUnavailableCartKept}</p> : null}
      <p>{shellTexts.remoteUnavailableText}</p>
      <div className={css.actions}>
        <Button onClick={onRetry}>{shellTexts.retry}</Button>
        {aboutCart && !onCartPage ? (
          <Link to="Korb" className={css.toCart} data-testid="remote-fallback-to-cart">
            {shellTexts.remoteUnavailableToCart}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Renders the fallback into the area; the retry loads the remote again in place. */
export function drawFallback(area: HTMLElement, app: string, retry: () => void): Removal {
  const host = area.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(<Fallback app={app} onRetry={retry} />);
  return () => {
    root.unmount();
    host.remove();
  };
}
