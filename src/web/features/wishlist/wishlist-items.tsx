/**
 * The items of a wishlist, as the customer's page and a shared link show them:
 * picture, name, options, price and stock, with 'Add to basket' (and 'Remove' on the
 * customer's own list).
 */
import { Link } from 'react-router';
import type { WishlistItemView } from '../../../domain/api/wishlist.ts';
import { useAddToBasket } from '../../api/basket.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { DISCONTINUED_MESSAGE, preorderMessage, stockMessage } from '../shop/product-labels.ts';
import { isPurchasable } from '../shop/variation-choice.ts';
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

function availability(item: WishlistItemView): string {
  const product = item.product;
  if (product.discontinued) return DISCONTINUED_MESSAGE;
  if (product.preorder && product.quantity_available <= 0)
    return preorderMessage(product.restock_date);
  return stockMessage(product);
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
        ? 'Sorry, we couldn’t add that to your basket. Please try again.'
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
        <p
          className={`wishlist-item__stock${canBuy && product.quantity_available > 0 ? '' : ' wishlist-item__stock--out'}`}
        >
          {availability(item)}
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
