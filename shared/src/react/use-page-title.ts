import { useEffect } from 'react';
import { pageTitle } from '@shop/shared/routes';

/**
 * Puts what the page shows into the document title (an item's or category's name), once it is
 * known; the shell sets the route's own title on every navigation.
 */
export function usePageTitle(detail: string | undefined): void {
  useEffect(() => {
    if (detail) document.title = pageTitle(window.location.pathname, detail);
  }, [detail]);
}
