import { pageTitle } from '@shop/shared/routes';

/**
 * Sets the document title from the route table before every navigation (and now), so that it is
 * the route's own before the page's app mounts; the app may then add what it shows (usePageTitle).
 */
export function followPageTitle(target: Window = window): () => void {
  const update = () => {
    document.title = pageTitle(target.location.pathname);
  };
  update();
  target.addEventListener('single-spa:before-routing-event', update);
  return () => target.removeEventListener('single-spa:before-routing-event', update);
}
