import { lazy, Suspense, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  PRODUCT_IMAGE_SIZES,
  type FamilyView,
  type ProductView,
} from '../../../domain/api/catalogue.ts';
import { PRODUCT_UNAVAILABLE_MESSAGE } from '../../../domain/shopper-message.ts';
import { ADD_TO_BASKET_FAILED_MESSAGE, useAddToBasket } from '../../api/basket-changes.ts';
import { useProduct } from '../../api/catalogue.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import { WishlistHeart } from './wishlist-heart.tsx';
import { ProductPicture } from './product-picture.tsx';
import { LOW_STOCK } from './product-labels.ts';
import {
  chooseOption,
  isPurchasable,
  valueOf,
  valueState,
  variationFromParam,
  type ValueState,
} from './variation-choice.ts';
import { maxQuantity, preorderMessage, stockMessage } from './variation-labels.ts';
import './shop.css';

// Only out-of-stock pages show it, so it loads on its own (the product page's budget).
const BackInStockForm = lazy(async () => ({
  default: (await import('./back-in-stock-form.tsx')).BackInStockForm,
}));

/** Sold out, not a pre-order and still sold: shoppers may ask to hear when it is back. */
const awaitsRestock = (variation: ProductView) =>
  !variation.discontinued && !variation.preorder && variation.quantity_available <= 0;

const VALUE_NOTES: Record<ValueState, string | null> = {
  available: null,
  out_of_stock: 'Out of stock',
  unavailable: 'Unavailable',
};

/** The product page (/products/:slug, optionally ?variation=ID). */
export function ProductPage() {
  const { slug = '' } = useParams();
  const product = useProduct(slug);
  const notFound = product.error instanceof ApiError && product.error.status === 404;
  usePageTitle(product.data?.name ?? (notFound ? 'Product not found' : null));

  if (notFound) return <ProductNotFound />;
  if (product.isError) {
    return (
      <div className="container">
        <ErrorFallback onRetry={() => void product.refetch()}>
          <p>We couldn’t load this product just now. Please try again.</p>
        </ErrorFallback>
      </div>
    );
  }
  if (product.isPending) return <LoadingOverlay message="Loading product…" />;
  return <ProductDetails family={product.data} />;
}

function ProductNotFound() {
  return (
    <div className="container page">
      <h1>Sorry, we can’t find that product</h1>
      <p>It may no longer be sold, or the address may be mistyped.</p>
      <p>
        <Link to="/">Browse our plants and flowers</Link>
      </p>
    </div>
  );
}

function ProductDetails({ family }: { family: FamilyView }) {
  const [params, setParams] = useSearchParams();
  const variation = variationFromParam(family, params.get('variation'));
  // Says which other options moved when the shopper's pick forced a change; kept
  // with the variation it explains, so it disappears once the choice moves on.
  const [adjusted, setAdjusted] = useState<{ variationId: number; text: string } | null>(null);

  const choose = (optionId: number, valueId: number) => {
    if (!variation) return;
    const choice = chooseOption(family, variation, optionId, valueId);
    if (!choice) return;
    setAdjusted(
      choice.changed.length > 0
        ? {
            variationId: choice.variation.id,
            text: `That combination isn’t available, so we’ve changed ${choice.changed
              .map((c) => `${c.option.toLowerCase()} to ${c.value}`)
              .join(' and ')}.`,
          }
        : null,
    );
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('variation', String(choice.variation.id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const image = variation?.preview_image ?? family.preview_image;
  const category = family.primary_category;

  return (
    <div className="container product-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol className="breadcrumb__list">
          <li>
            <Link to="/">Shop</Link>
          </li>
          <li>
            <Link to={`/categories/${encodeURIComponent(category.slug)}`}>{category.name}</Link>
          </li>
          <li aria-current="page">{family.name}</li>
        </ol>
      </nav>

      <div className="product-page__layout">
        <div className="product-page__media">
          <ProductPicture
            image={image}
            sizes={PRODUCT_IMAGE_SIZES}
            width={800}
            height={800}
            // The page's largest paint: fetched before other images.
            fetchPriority="high"
          />
        </div>

        <div className="product-page__info">
          <h1 className="product-page__name">{family.name}</h1>
          {variation?.variation_name && (
            <p className="product-page__variation">{variation.variation_name}</p>
          )}

          {variation ? (
            <>
              <div className="product-price">
                <p className="product-price__main">
                  <span className="product-price__amount">{variation.prices.price.label}</span>{' '}
                  <span className="product-price__vat">inc. VAT</span>
                </p>
                <p className="product-price__ex">
                  {variation.prices.price.excluding_tax.label} ex. VAT
                </p>
              </div>

              {family.option_groups.map((group) => (
                <OptionPicker
                  key={group.option.id}
                  family={family}
                  group={group}
                  current={variation}
                  onChoose={choose}
                />
              ))}
              {adjusted?.variationId === variation.id && (
                <Notice tone="info">
                  <p>{adjusted.text}</p>
                </Notice>
              )}

              <Availability variation={variation} />
              <PurchasePanel key={variation.id} variation={variation} />
              {awaitsRestock(variation) && (
                <Suspense fallback={null}>
                  <BackInStockForm
                    key={variation.id}
                    productId={variation.id}
                    productName={
                      variation.variation_name
                        ? `${variation.name} — ${variation.variation_name}`
                        : variation.name
                    }
                  />
                </Suspense>
              )}
            </>
          ) : (
            <Notice tone="warning">
              <p>Sorry, this product is not available to buy at the moment.</p>
            </Notice>
          )}

          {variation && variation.bundle_components.length > 0 && (
            <section className="product-page__section" aria-labelledby="product-bundle">
              <h2 id="product-bundle" className="product-page__section-title">
                In this bundle
              </h2>
              <ul className="bundle-list">
                {variation.bundle_components.map((component) => (
                  <li key={component.id}>
                    {component.quantity} × <Link to={component.url}>{component.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="product-page__section" aria-labelledby="product-about">
            <h2 id="product-about" className="product-page__section-title">
              About this product
            </h2>
            <p>{family.description}</p>
            {variation && <ProductFacts variation={variation} />}
          </section>
        </div>
      </div>
    </div>
  );
}

interface OptionPickerProps {
  family: FamilyView;
  group: FamilyView['option_groups'][number];
  current: ProductView;
  onChoose: (optionId: number, valueId: number) => void;
}

/** One option (Size, Colour, Pot) as a row of radio buttons. */
function OptionPicker({ family, group, current, onChoose }: OptionPickerProps) {
  const name = useId();
  const selected = valueOf(current, group.option.id);
  return (
    <fieldset className="option-picker">
      <legend className="option-picker__legend">{group.option.name}</legend>
      <div className="option-picker__values">
        {group.values.map((value) => {
          const state = valueState(family, current, group.option.id, value.id);
          const note = VALUE_NOTES[state];
          return (
            <label key={value.id} className={`option-chip option-chip--${state}`}>
              <input
                type="radio"
                className="option-chip__input"
                name={name}
                value={value.id}
                checked={selected === value.id}
                onChange={() => onChoose(group.option.id, value.id)}
              />
              <span className="option-chip__face">
                <span className="option-chip__value">{value.name}</span>
                {/* The space keeps the accessible name '150cm Unavailable', not '150cmUnavailable'. */}
                {note && (
                  <>
                    {' '}
                    <span className="option-chip__note">{note}</span>
                  </>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Stock, pre-order and discontinued messages for the chosen variation. */
function Availability({ variation }: { variation: ProductView }) {
  if (variation.discontinued) {
    return (
      <Notice tone="warning">
        <p>{PRODUCT_UNAVAILABLE_MESSAGE}</p>
      </Notice>
    );
  }
  const inStock = variation.quantity_available > 0;
  const low = inStock && variation.quantity_available <= LOW_STOCK;
  return (
    <div className="availability">
      {(inStock || !variation.preorder) && (
        <p
          className={[
            'availability__stock',
            !inStock ? 'availability__stock--out' : low ? 'availability__stock--low' : '',
          ]
            .filter(Boolean)
            .join(' ')}
        >
          {stockMessage(variation)}
        </p>
      )}
      {variation.preorder && (
        <Notice tone="info" live={false}>
          <p className="availability__preorder">{preorderMessage(variation.restock_date)}</p>
          {inStock && (
            <p>
              Order more than {variation.quantity_available} and the rest will be sent when the new
              stock arrives.
            </p>
          )}
        </Notice>
      )}
    </div>
  );
}

/** Quantity and 'Add to basket', with the result shown beside the button. */
function PurchasePanel({ variation }: { variation: ProductView }) {
  const [quantity, setQuantity] = useState(1);
  const add = useAddToBasket();
  const canBuy = isPurchasable(variation);
  const max = Math.max(1, maxQuantity(variation));
  const label = variation.variation_name
    ? `${variation.name} — ${variation.variation_name}`
    : variation.name;
  const error =
    add.error instanceof ApiError
      ? add.error.message
      : add.error
        ? ADD_TO_BASKET_FAILED_MESSAGE
        : null;

  return (
    <div className="purchase">
      <div className="purchase__row">
        <div className="purchase__quantity">
          <span className="purchase__label" aria-hidden="true">
            Quantity
          </span>
          <QuantityStepper
            value={quantity}
            onChange={setQuantity}
            min={1}
            max={max}
            label="Quantity"
            disabled={!canBuy || add.isPending}
          />
        </div>
        <Button
          className="purchase__add"
          busy={add.isPending}
          busyLabel="Adding…"
          disabled={!canBuy}
          onClick={() => add.mutate({ product_id: variation.id, quantity })}
        >
          Add to basket
        </Button>
        <WishlistHeart productId={variation.id} />
      </div>
      {error && (
        <Notice tone="error">
          <p>{error}</p>
        </Notice>
      )}
      {add.isSuccess && (
        <Notice tone="success">
          <p>
            <strong>Added to your basket</strong>
            <span className="purchase__added">
              {' '}
              {add.variables.quantity} × {label}
            </span>
          </p>
          <p>
            <Link to="/basket">View basket</Link>
          </p>
        </Notice>
      )}
    </div>
  );
}

/** SKU and height of the chosen variation. */
function ProductFacts({ variation }: { variation: ProductView }) {
  return (
    <dl className="product-facts">
      <div>
        <dt>Product code</dt>
        <dd>{variation.sku}</dd>
      </div>
      {variation.height > 0 && (
        <div>
          <dt>Height</dt>
          <dd>{Math.round(variation.height / 10)}cm</dd>
        </div>
      )}
    </dl>
  );
}
