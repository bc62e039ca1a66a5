import { useEffect, useRef, useState } from 'react';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { Icon, ModalDialog } from '@shop/shared/ui';
import { MenuImage } from '../../components/MenuImage';
import css from './item.module.css';

/**
 * Item images: a slider for more images and a lightbox (requirements#screens Item detail). The first image is
 * the page's largest paint: fetched with high priority (the document preloads it too, api/src/http/shell-document.ts).
 */
export function Gallery({ images, alt, badge }: { images: string[]; alt: string; badge?: React.ReactNode }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  const track = useRef<HTMLDivElement>(null);

  const go = (next: number) => {
    const target = (next + images.length) % images.length;
    setIndex(target);
    const el = track.current;
    if (el) el.scrollTo({ left: target * el.clientWidth, behavior: 'smooth' });
  };

  const open = zoom !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setZoom((z) => (z === null ? z : (z + 1) % images.length));
      if (event.key === 'ArrowLeft') setZoom((z) => (z === null ? z : (z - 1 + images.length) % images.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, images.length]);

  return (
    <div className={css.gallery} data-testid="gallery">
      <div
        className={css.slides}
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {images.length === 0 ? <MenuImage alt={alt} eager /> : null}
        {images.map((src, i) => (
          <button key={src} type="button" className={css.slide} onClick={() => setZoom(i)} aria-label={de.menu.imageZoom}>
            <MenuImage src={src} alt={i === 0 ? alt : fill(de.menu.imageOf, { n: i + 1, total: images.length })} priority={i === 0} />
          </button>
        ))}
      </div>
      {badge ? <span className={css.galleryNew}>{badge}</span> : null}
      {images.length > 1 ? (
        <>
          <button type="button" className={[css.navButton, css.navPrev].join(' ')} onClick={() => go(index - 1)} aria-label={de.menu.imagePrev}>
            <Icon name="chevronRight" size={22} />
          </button>
          <button type="button" className={[css.navButton, css.navNext].join(' ')} onClick={() => go(index + 1)} aria-label={de.menu.imageNext}>
            <Icon name="chevronRight" size={22} />
          </button>
          <div className={css.dots}>
            {images.map((src, i) => (
              <button
                key={src}
                type="button"
                className={[css.dot, i === index ? css.dotOn : ''].join(' ')}
                onClick={() => go(i)}
                aria-label={fill(de.menu.imageOf, { n: i + 1, total: images.length })}
                aria-current={i === index}
              />
            ))}
          </div>
        </>
      ) : null}
      {zoom !== null && images[zoom] ? (
        // The shop's dialog primitive: focus on the close button, Escape or a tap beside the image closes it,
        // focus goes back to the image that opened it.
        <ModalDialog title={alt} hideTitle onClose={() => setZoom(null)} variant="lightbox" testId="lightbox">
          <img src={images[zoom]} alt={alt} className={css.lightboxImage} />
          <button type="button" className={css.lightboxClose} onClick={() => setZoom(null)} aria-label={de.menu.imageClose} autoFocus>
            <Icon name="close" size={26} />
          </button>
          {images.length > 1 ? (
            <span className={css.lightboxCount} aria-live="polite">
              {fill(de.menu.imageOf, { n: zoom + 1, total: images.length })}
            </span>
          ) : null}
        </ModalDialog>
      ) : null}
    </div>
  );
}
