import { responsiveImage } from '@ridgeline/core';
import { useImageVariants } from '@/lib/public-data';
import { cx } from '@/lib/class-names';

export interface ResponsivePictureProps {
  /** Image path from the image config (or a default); variants are derived by core. */
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Classes of the `<img>` (the `<picture>` is `display: contents`). */
  className?: string;
  /**
   * The page's LCP image: fetched at high priority and eagerly. Everything else is lazy and
   * decoded off the main thread.
   */
  priority?: boolean;
  /** For images shown at once but not the LCP (e.g. in an opened lightbox). Default: lazy. */
  loading?: 'lazy' | 'eager';
}

/**
 * A `<picture>` with AVIF/WebP/JPEG sources in every stored width, for the shipped default photos
 * and for uploads alike (an upload's files are listed in the image config, [images.variants]; an
 * upload stored before them has its WebP), with intrinsic `width`/`height` so the browser
 * reserves the box before it loads. Callers still give the box a fixed aspect ratio so an upload
 * of another shape cannot shift layout.
 */
export function ResponsivePicture({
  src,
  alt,
  sizes,
  className,
  priority = false,
  loading = 'lazy',
}: ResponsivePictureProps) {
  const variants = useImageVariants();
  const image = responsiveImage(src, variants?.[src]);
  return (
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        sizes={image.sources.length > 0 ? sizes : undefined}
        className={cx('object-cover', className)}
        {...(priority
          ? { fetchPriority: 'high' as const, loading: 'eager' as const }
          : { loading, decoding: 'async' as const })}
      />
    </picture>
  );
}
