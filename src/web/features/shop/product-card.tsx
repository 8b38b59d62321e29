import { useId } from 'react';
import { Link } from 'react-router';
import { CARD_IMAGE_SIZES, type FamilyView } from '../../../domain/api/catalogue.ts';
import { LazyWishlistHeart } from './lazy-wishlist-heart.tsx';
import { ProductPicture } from './product-picture.tsx';
import { analyticsProduct, cardBadges, cardPrice, restockLabel } from './product-labels.ts';
import './shop.css';

export interface ProductCardProps {
  product: FamilyView;
  /** The analytics list the card is shown in ('Home page', 'Category: Trees'). */
  listName: string;
  /** 1-based place in the list. */
  position: number;
  /** Load the image straight away (cards above the fold). */
  eager?: boolean;
  /** Fetch the image before other images (the first card: the page's largest paint). */
  priority?: boolean;
}

/** One product in a list: picture, name linking to the product page, price and badges. */
export function ProductCard({
  product,
  listName,
  position,
  eager = false,
  priority = false,
}: ProductCardProps) {
  const nameId = useId();
  const price = cardPrice(product);
  const badges = cardBadges(product);
  const image = product.preview_image;

  const onClick = () => {
    // Analytics must never stop a shopper reaching the product, so failures are swallowed.
    // Its code is not part of the list's first download (the home page's budget): the list
    // pages load it once the list shows (list-analytics), so it is normally here already.
    const item = analyticsProduct(product);
    import('../../lib/analytics.ts')
      .then(({ trackProductClick }) => trackProductClick(item, listName, position))
      .catch((error: unknown) => console.warn('Could not record the product click', error));
  };

  return (
    <article className="product-card" aria-labelledby={nameId}>
      <h3 className="product-card__name" id={nameId}>
        <Link to={product.url} className="product-card__link" onClick={onClick}>
          {product.name}
        </Link>
      </h3>
      <LazyWishlistHeart family={product} describedBy={nameId} />
      <div className="product-card__media">
        <ProductPicture
          image={image}
          sizes={CARD_IMAGE_SIZES}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
        {badges.length > 0 && (
          <ul className="product-card__badges">
            {badges.map((badge) => (
              <li key={badge.label} className={`badge badge--${badge.tone}`}>
                {badge.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="product-card__category">{product.primary_category.name}</p>
      {product.preorder && (
        <p className="product-card__restock">{restockLabel(product.restock_date)}</p>
      )}
      <p className="product-card__price">
        {price.from && <span className="product-card__from">from </span>}
        {price.label}
      </p>
    </article>
  );
}
