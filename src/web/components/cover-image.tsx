import { clsx } from 'clsx';
import { ImageIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { isUsableImage, placeholderTone } from '../lib/placeholder';

interface CoverImageProps {
  src: string | null | undefined;
  title: string;
  className?: string;
  /** What the placeholder shows instead of the picture: an icon of the kind of thing, or initials. */
  placeholder?: ReactNode;
}

/**
 * A picture, or a calm placeholder in a tone chosen from the title when the picture is missing, a stock
 * photo, or fails to load (public-area.md section 4). The placeholder never repeats the title: the card
 * around it already shows it.
 */
export function CoverImage({ src, title, className, placeholder }: CoverImageProps) {
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
        data-placeholder=""
        className={clsx('flex items-center justify-center', placeholderTone(title), className)}
      >
        {placeholder ?? <ImageIcon aria-hidden className="size-10" strokeWidth={1.5} />}
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
