import { useState } from 'react';
import css from './components.module.css';

/** A lazily loaded menu image; a soft placeholder while it loads or when it is missing. */
export function MenuImage({ src, alt, className, eager }: { src?: string | undefined; alt: string; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  const classes = [css.image, className ?? ''].join(' ');
  if (!src || failed) return <div className={[classes, css.imagePlaceholder].join(' ')} role="img" aria-label={alt} />;
  return (
    <img
      className={classes}
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
