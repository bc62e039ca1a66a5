import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { navigateToUrl } from 'single-spa';
import { pathTo, type RouteParams, type RouteQuery } from '@shop/shared/routes';
import type { RouteName } from '@shop/shared/routes';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: RouteName;
  params?: RouteParams;
  query?: RouteQuery;
  children: ReactNode;
}

/** An anchor to a route by name; plain clicks navigate in-app through single-spa. */
export function Link({ to, params, query, children, onClick, ...rest }: LinkProps) {
  const href = pathTo(to, params, query);
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateToUrl(href);
  };
  return (
    <a href={href} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
