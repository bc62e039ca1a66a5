import { useState } from 'react';
import css from './components.module.css';

/**
 * The intrinsic size of the menu's images (the seed's illustrations are 400×300 SVGs): given to the
 * element so the browser knows its aspect ratio before the file or the CSS arrives (requirements#performance); the
 * container's CSS decides the shown size.
 */
export const MENU_IMAGE_WIDTH = 400;
export const MENU_IMAGE_HEIGHT = 300;

/**
 * A menu image, loaded lazily unless it is among the first on screen (`eager`; `priority` also asks
 * the browser to fetch it first: the page's largest paint); a soft placeholder while it loads or
 * when it is missing.
 */
export function MenuImage({
  src,
  alt,
  className,
  eager,
  priority,
}: {
  src?: string | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const classes = [css.image, className ?? ''].join(' ');
  if (!src || failed) return <div className={[classes, css.imagePlaceholder].join(' ')} role="img" aria-label={alt} />;
  return (
    <img
      className={classes}
      src={src}
      alt={alt}
      width={MENU_IMAGE_WIDTH}
      height={MENU_IMAGE_HEIGHT}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      onError={() => setFailed(true)}
    />
  );
}
