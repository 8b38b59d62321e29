import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import type { BasketItemView } from '../../domain/api/basket.ts';
import { formatShopDate } from '../../domain/dates.ts';
import { MAX_LINE_QUANTITY } from '../../domain/basket-limits.ts';
import {
  INTERNAL_ERROR_MESSAGE,
  PRODUCT_UNAVAILABLE_MESSAGE,
} from '../../domain/shopper-message.ts';
import { useRemoveBasketItem, useUpdateBasketItem } from '../api/basket-changes.ts';
import { priceLabel } from './price.ts';
import { Button } from '../ui/button.tsx';
import { QuantityStepper } from '../ui/quantity-stepper.tsx';
import './basket-line.css';

export interface BasketLineProps {
  item: BasketItemView;
  /** Show prices excluding VAT (customer preference or a tax-exempt basket). */
  excludeTax: boolean;
  /** The basket's restock dates, keyed by product id, for pre-order lines without one. */
  restockDates: Record<string, { name: string; date: string | null }>;
  /**
   * False for a read-only line (the checkout's order summary): the quantity shows
   * as text and there is no Remove.
   */
  editable?: boolean;
  /** Called once the line has been removed. */
  onRemoved?: (item: BasketItemView) => void;
}

function optionsText(item: BasketItemView): string {
  return item.product.options
    .map(({ option, value }) => `${option.name}: ${value.name}`)
    .join(', ');
}

/** Most the shopper may ask for: what is in stock, unless the product can be pre-ordered. */
function maxQuantity(item: BasketItemView): number {
  if (item.preorder || item.product.preorder) return MAX_LINE_QUANTITY;
  return Math.max(1, Math.min(item.product.quantity_available, MAX_LINE_QUANTITY));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : INTERNAL_ERROR_MESSAGE;
}

/**
 * Keeps keyboard focus on the line's control while it saves: the controls are
 * disabled meanwhile (which drops focus), so focus goes back to the same control,
 * found by its accessible name, once the line is editable again.
 */
function useFocusReturn(root: RefObject<HTMLElement | null>, saving: boolean) {
  const label = useRef<string | null>(null);
  useEffect(() => {
    if (saving || label.current === null || !root.current) return;
    const wanted = label.current;
    label.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const controls = [...root.current.querySelectorAll<HTMLElement>('[aria-label]')];
    const target =
      controls.find((el) => el.getAttribute('aria-label') === wanted && !el.matches(':disabled')) ??
      root.current.querySelector<HTMLElement>('input:not(:disabled)');
    target?.focus();
  }, [root, saving]);
  return () => {
    const active = document.activeElement;
    label.current =
      active instanceof HTMLElement && root.current?.contains(active)
        ? active.getAttribute('aria-label')
        : null;
  };
}

/**
 * One basket line: picture, name, options, notes, quantity, Remove and prices. The
 * basket page and the checkout's order summary both show lines with it.
 */
export function BasketLine({
  item,
  excludeTax,
  restockDates,
  editable: canEdit = true,
  onRemoved,
}: BasketLineProps) {
  const update = useUpdateBasketItem();
  const remove = useRemoveBasketItem();
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLLIElement>(null);
  const nameId = useId();
  const saving = update.isPending || remove.isPending;
  const rememberFocus = useFocusReturn(root, saving);

  const { product } = item;
  const id = item.id;
  const editable = canEdit && typeof id === 'number' && !item.is_promotion_item;
  const options = optionsText(item);

  const changeQuantity = (quantity: number) => {
    if (typeof id !== 'number') return;
    rememberFocus();
    setError(null);
    update.mutate(
      { id, quantity },
      {
        // The stepper keeps showing the basket's quantity, which the failure left as it was.
        onError: (failure) => setError(messageOf(failure)),
      },
    );
  };

  const removeLine = () => {
    if (typeof id !== 'number') return;
    rememberFocus();
    setError(null);
    remove.mutate(id, {
      onSuccess: () => onRemoved?.(item),
      onError: (failure) => setError(messageOf(failure)),
    });
  };

  const classes = [
    'basket-line',
    saving ? 'basket-line--saving' : '',
    item.discontinued ? 'basket-line--discontinued' : '',
    item.is_promotion_item ? 'basket-line--promotion' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li ref={root} className={classes} aria-labelledby={nameId} aria-busy={saving || undefined}>
      <div className="basket-line__media">
        <img
          className="basket-line__image"
          src={product.preview_image.src}
          srcSet={product.preview_image.srcset}
          sizes="(min-width: 600px) 112px, 80px"
          alt={product.preview_image.alt}
          width={112}
          height={112}
          loading="lazy"
        />
      </div>

      <div className="basket-line__details">
        <h3 className="basket-line__name" id={nameId}>
          <Link to={product.url}>
            {product.name}
            {/* The options below say it visibly; the name alone would not tell lines apart. */}
            {product.variation_name && (
              <>
                {' '}
                <span className="visually-hidden">— {product.variation_name}</span>
              </>
            )}
          </Link>
        </h3>
        {item.badge && <p className="basket-line__badge badge badge--accent">{item.badge}</p>}
        {options && <p className="basket-line__options">{options}</p>}
        {!item.is_promotion_item && !item.discontinued && (
          <p className="basket-line__unit">
            {priceLabel(item.price, excludeTax)} <span className="basket-line__each">each</span>
          </p>
        )}
        {item.preorder && !item.discontinued && (
          <PreorderNote
            quantity={item.preorder_quantity}
            date={item.preorder_restock_date ?? restockDates[String(product.id)]?.date ?? null}
          />
        )}
        {item.discontinued && (
          <div className="basket-line__discontinued">
            <p>{PRODUCT_UNAVAILABLE_MESSAGE}</p>
            <p>It will not be added to your order.</p>
          </div>
        )}
        {product.is_bundle && product.bundle_components.length > 0 && (
          <BundleItems components={product.bundle_components} />
        )}
      </div>

      <div className="basket-line__purchase">
        {editable ? (
          <div className="basket-line__controls">
            {!item.discontinued && (
              <QuantityStepper
                value={item.quantity}
                min={1}
                max={maxQuantity(item)}
                label={`Quantity of ${item.name}`}
                disabled={saving}
                onChange={changeQuantity}
              />
            )}
            <Button
              variant="link"
              className="basket-line__remove"
              aria-label={`Remove ${item.name}`}
              disabled={saving}
              onClick={removeLine}
            >
              Remove
            </Button>
          </div>
        ) : (
          <p className="basket-line__quantity">Qty: {item.quantity}</p>
        )}
        <span className="basket-line__saving" role="status">
          {saving && (
            <>
              <span className="spinner" aria-hidden="true" />
              {remove.isPending ? 'Removing' : 'Updating basket'}
            </>
          )}
        </span>
        {!item.discontinued && <LineTotal item={item} excludeTax={excludeTax} />}
      </div>

      {error && (
        <p className="basket-line__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function PreorderNote({ quantity, date }: { quantity: number; date: string | null }) {
  return (
    <p className="basket-line__preorder">
      <span className="badge badge--warning">Pre-order</span> {quantity} on pre-order. Restock date:{' '}
      <strong>{formatShopDate(date)}</strong>
    </p>
  );
}

function LineTotal({ item, excludeTax }: { item: BasketItemView; excludeTax: boolean }) {
  if (item.is_promotion_item) {
    return (
      <p className="basket-line__total">
        <span className="visually-hidden">Price: </span>
        <strong>FREE</strong>
      </p>
    );
  }
  const original = priceLabel(item.total_price, excludeTax);
  if (!item.discounted_total_price) {
    return (
      <p className="basket-line__total">
        <span className="visually-hidden">Line total: </span>
        <strong>{original}</strong>
      </p>
    );
  }
  return (
    <p className="basket-line__total basket-line__total--discounted">
      <span className="visually-hidden">Line total was </span>
      <del>{original}</del> <span className="visually-hidden">now </span>
      <strong>{priceLabel(item.discounted_total_price, excludeTax)}</strong>
    </p>
  );
}

function BundleItems({
  components,
}: {
  components: BasketItemView['product']['bundle_components'];
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="basket-line__bundle">
      <button
        type="button"
        className="basket-line__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide bundle items' : 'Show bundle items'}
        <span className="basket-line__chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="basket-line__bundle-items" hidden={!open}>
        {components.map((component) => (
          <li key={component.id}>
            <span className="basket-line__bundle-quantity">{component.quantity} ×</span>{' '}
            <Link to={component.url}>{component.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
