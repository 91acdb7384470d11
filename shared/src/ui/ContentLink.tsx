import type { ReactNode } from 'react';
import { isExternalLink } from '@shop/contract';
import { Link } from '../router';

/**
 * A link the owner wrote (issue 38, 17: a slide's button, a banner's, a footer's): a path of the shop goes
 * through the router (in the page's language), an http(s) address is a plain link to the other site.
 */
export function ContentLink({ href, className, children, 'aria-label': label }: { href: string; className?: string; children: ReactNode; 'aria-label'?: string }) {
  return isExternalLink(href) ? (
    <a href={href} className={className} rel="noopener noreferrer" aria-label={label}>
      {children}
    </a>
  ) : (
    <Link to={href} className={className} aria-label={label}>
      {children}
    </Link>
  );
}
