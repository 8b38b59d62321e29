/**
 * The items of a wishlist, as the customer's page and a shared link show them:
 * picture, name, options, price and stock, with 'Add to basket' (and 'Remove' on the
 * customer's own list).
 */
import { Link } from 'react-router';
import type { ProductView } from '../../../domain/api/catalogue.ts';
import type { WishlistItemView } from '../../../domain/api/wishlist.ts';
import { ADD_TO_BASKET_FAILED_MESSAGE, useAddToBasket } from '../../api/basket-changes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { isPurchasable } from '../../../domain/product-variation.ts';
import './wishlist.css';

export interface WishlistItemsProps {
  items: WishlistItemView[];
  /** Offered on the customer's own list. */
  onRemove?: (item: WishlistItemView) => void;
  /** The item being removed. */
  removingId?: number | null;
}

export function WishlistItems({ items, onRemove, removingId = null }: WishlistItemsProps) {
  return (
    <ul className="wishlist-items">
      {items.map((item) => (
        <WishlistRow
          key={item.id}
          item={item}
          {...(onRemove ? { onRemove: () => onRemove(item) } : {})}
          removing={removingId === item.id}
        />
      ))}
    </ul>
  );
}

/** At or below this many, 'Only N left' (as product-labels.ts's LOW_STOCK). */
const LOW_STOCK = 5;

/**
 * A short stock line. Not product-labels.ts's messages: importing that module here
 * would split it out of the home page's chunk, one more file on the home page.
 */
function availability(product: ProductView): string {
  const available = product.quantity_available;
  if (product.discontinued) return 'No longer available';
  if (available > 0) return available <= LOW_STOCK ? `Only ${available} left` : 'In stock';
  return product.preorder ? 'Available to pre-order' : 'Out of stock';
}

function WishlistRow({
  item,
  onRemove,
  removing,
}: {
  item: WishlistItemView;
  onRemove?: () => void;
  removing: boolean;
}) {
  const add = useAddToBasket();
  const product = item.product;
  const canBuy = isPurchasable(product);
  const error =
    add.error instanceof ApiError
      ? add.error.message
      : add.error
        ? ADD_TO_BASKET_FAILED_MESSAGE
        : null;
  return (
    <li className="wishlist-item">
      <img
        className="wishlist-item__image"
        src={product.preview_image.src}
        srcSet={product.preview_image.srcset}
        sizes="96px"
        alt=""
        width={96}
        height={96}
        loading="lazy"
      />
      <div className="wishlist-item__details">
        <h2 className="wishlist-item__name">
          <Link to={product.url}>{product.name}</Link>
        </h2>
        {product.variation_name && (
          <p className="wishlist-item__options">{product.variation_name}</p>
        )}
        <p className="wishlist-item__price">{product.prices.price.label}</p>
        <p className={`wishlist-item__stock${canBuy ? '' : ' wishlist-item__stock--out'}`}>
          {availability(product)}
        </p>
      </div>
      <div className="wishlist-item__actions">
        <Button
          busy={add.isPending}
          busyLabel="Adding…"
          disabled={!canBuy}
          onClick={() => add.mutate({ product_id: product.id, quantity: 1 })}
        >
          Add to basket
          <span className="visually-hidden">: {product.name}</span>
        </Button>
        {onRemove && (
          <Button variant="secondary" busy={removing} busyLabel="Removing…" onClick={onRemove}>
            Remove
            <span className="visually-hidden">: {product.name}</span>
          </Button>
        )}
      </div>
      {error && (
        <div className="wishlist-item__notice">
          <Notice tone="error">
            <p>{error}</p>
          </Notice>
        </div>
      )}
      {add.isSuccess && (
        <div className="wishlist-item__notice">
          <Notice tone="success">
            <p>
              <strong>Added to your basket</strong> <Link to="/basket">View basket</Link>
            </p>
          </Notice>
        </div>
      )}
    </li>
  );
}
