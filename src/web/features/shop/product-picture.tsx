import type { ImgHTMLAttributes } from 'react';
import type { ImageView } from '../../../domain/api/catalogue.ts';

export interface ProductPictureProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt' | 'sizes'
> {
  image: ImageView;
  /** The slot's widths (CARD_IMAGE_SIZES, PRODUCT_IMAGE_SIZES). */
  sizes: string;
}

/**
 * A product's picture: an uploaded one as a `<picture>` whose sources offer AVIF, then
 * WebP, at each width kept (ADR 063); a demo drawing (no sources) as its one `<img>`.
 */
export function ProductPicture({ image, sizes, ...img }: ProductPictureProps) {
  const element = (
    <img src={image.src} srcSet={image.srcset} sizes={sizes} alt={image.alt} {...img} />
  );
  const sources = image.sources ?? [];
  if (sources.length === 0) return element;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {element}
    </picture>
  );
}
