import { clsx } from 'clsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isUsableImage, placeholderColour } from '../lib/placeholder';

interface CoverImageProps {
  src: string | null | undefined;
  title: string;
  className?: string;
}

/**
 * A picture, or a solid-colour placeholder chosen from the title when the picture is missing, a stock
 * photo, or fails to load (public-area.md section 4).
 */
export function CoverImage({ src, title, className }: CoverImageProps) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const fail = useCallback(() => {
    console.warn(`Не удалось загрузить изображение: ${src}`);
    setFailed(true);
  }, [src]);
  useEffect(() => {
    // A picture on a page the server drew may have failed before the scripts arrived, when no onError
    // listened: a finished picture with no width is a broken one.
    const shown = image.current;
    if (shown?.complete && shown.naturalWidth === 0) fail();
  }, [fail]);
  if (!isUsableImage(src) || failed) {
    return (
      <div
        role="img"
        aria-label={title}
        className={clsx(
          'flex items-center justify-center p-4 text-center font-semibold text-white',
          className,
        )}
        style={{ backgroundColor: placeholderColour(title) }}
      >
        <span className="line-clamp-3 text-lg">{title}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={title}
      loading="lazy"
      decoding="async"
      className={clsx('object-cover', className)}
      ref={image}
      onError={fail}
    />
  );
}
