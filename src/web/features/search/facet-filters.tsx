import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { FacetValue, ProductFacets } from '../../../domain/api/catalogue.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import {
  changeListParams,
  clearFilters,
  hasFilters,
  listHref,
  type ListChange,
  type ListPage,
} from './list-params.ts';
import { priceParam, toggleSlug } from './filter-values.ts';

export interface FacetFiltersProps {
  page: ListPage;
  params: URLSearchParams;
  /** The current query's facets (null until the first reply). */
  facets: ProductFacets | null;
  onChange: (changes: ListChange) => void;
}

/** A facet's values, with any ticked value the current counts left out (so it can be unticked). */
function withTicked(values: FacetValue[], ticked: string[]): FacetValue[] {
  const missing = ticked
    .filter((slug) => !values.some((v) => v.slug === slug))
    .map((slug) => ({ slug, name: slug.replace(/-/g, ' '), count: 0 }));
  return [...values, ...missing];
}

function CheckboxGroup({
  legend,
  name,
  values,
  params,
  onChange,
}: {
  legend: string;
  name: 'colour' | 'size';
  values: FacetValue[];
  params: URLSearchParams;
  onChange: (changes: ListChange) => void;
}) {
  const ticked = (params.get(name) ?? '').split(',').filter(Boolean);
  const shown = withTicked(values, ticked);
  if (shown.length === 0) return null;
  return (
    <fieldset className="list-filters__group">
      <legend className="list-filters__legend">{legend}</legend>
      <ul className="list-filters__options" role="list">
        {shown.map((value) => (
          <li key={value.slug}>
            <label className="list-filters__check">
              <input
                type="checkbox"
                checked={ticked.includes(value.slug)}
                onChange={(event) =>
                  onChange({
                    [name]: toggleSlug(params.get(name), value.slug, event.target.checked),
                  })
                }
              />
              <span>
                {value.name} <span className="list-filters__count">({value.count})</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The price range: two boxes in pounds, applied when submitted or left, not on each key. */
function PriceRange({
  params,
  facets,
  onChange,
}: {
  params: URLSearchParams;
  facets: ProductFacets | null;
  onChange: (changes: ListChange) => void;
}) {
  const min = params.get('min_price') ?? '';
  const max = params.get('max_price') ?? '';
  // The boxes follow the address (back, forward, Clear all) until the shopper types.
  const [typed, setTyped] = useState<{ min: string; max: string; from: string } | null>(null);
  const from = `${min}-${max}`;
  const text = typed && typed.from === from ? typed : { min, max, from };
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});

  const apply = () => {
    const low = priceParam(text.min, 'min');
    const high = priceParam(text.max, 'max');
    const next = {
      min: low.ok ? undefined : low.message,
      max: high.ok ? undefined : high.message,
    };
    if (low.ok && high.ok && low.value && high.value && Number(low.value) > Number(high.value)) {
      next.max = 'Enter a maximum no lower than the minimum';
    }
    setErrors(next);
    if (!low.ok || !high.ok || next.max) return;
    if ((low.value ?? '') === min && (high.value ?? '') === max) return;
    setTyped(null);
    onChange({ min_price: low.value, max_price: high.value });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  const lowest = facets && facets.price.max > 0 ? Math.floor(facets.price.min / 100) : null;
  const highest = facets && facets.price.max > 0 ? Math.ceil(facets.price.max / 100) : null;

  return (
    <form className="list-filters__group list-filters__price" onSubmit={onSubmit} noValidate>
      <fieldset>
        <legend className="list-filters__legend">Price (£)</legend>
        <div className="list-filters__price-boxes">
          <Field
            label="Min"
            inputMode="decimal"
            autoComplete="off"
            value={text.min}
            placeholder={lowest === null ? undefined : String(lowest)}
            error={errors.min}
            onChange={(event) => setTyped({ ...text, min: event.target.value })}
            onBlur={apply}
          />
          <Field
            label="Max"
            inputMode="decimal"
            autoComplete="off"
            value={text.max}
            placeholder={highest === null ? undefined : String(highest)}
            error={errors.max}
            onChange={(event) => setTyped({ ...text, max: event.target.value })}
            onBlur={apply}
          />
        </div>
        <Button type="submit" variant="secondary">
          Apply price
        </Button>
      </fieldset>
    </form>
  );
}

/**
 * The list page's filters from the current query's facets: categories (on search
 * results), colour, size, availability and a price range. Each change is a new
 * address (list-params.ts), so back and forward step through them.
 */
export function FacetFilters({ page, params, facets, onChange }: FacetFiltersProps) {
  const headingId = useId();
  const inStock = params.get('in_stock') === '1';
  const preorder = params.get('preorder') === '1';
  const category = params.get('category');
  return (
    <div className="list-filters">
      {page.kind === 'search' && facets && (facets.categories.length > 0 || category) && (
        <nav className="list-filters__group" aria-labelledby={headingId}>
          <p id={headingId} className="list-filters__legend">
            Category
          </p>
          <ul className="list-filters__options" role="list">
            <li>
              <Link
                className="list-filters__link"
                to={listHref(page, changeListParams(params, { category: null }))}
                aria-current={category ? undefined : 'page'}
              >
                All categories
              </Link>
            </li>
            {facets.categories.map((value) => (
              <li key={value.slug}>
                <Link
                  className="list-filters__link"
                  to={listHref(page, changeListParams(params, { category: value.slug }))}
                  aria-current={category === value.slug ? 'page' : undefined}
                >
                  {value.name} <span className="list-filters__count">({value.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <CheckboxGroup
        legend="Colour"
        name="colour"
        values={facets?.colour ?? []}
        params={params}
        onChange={onChange}
      />
      <CheckboxGroup
        legend="Size"
        name="size"
        values={facets?.size ?? []}
        params={params}
        onChange={onChange}
      />
      {facets && (
        <fieldset className="list-filters__group">
          <legend className="list-filters__legend">Availability</legend>
          <ul className="list-filters__options" role="list">
            <li>
              <label className="list-filters__check">
                <input
                  type="checkbox"
                  checked={inStock}
                  onChange={(event) => onChange({ in_stock: event.target.checked ? '1' : null })}
                />
                <span>
                  In stock <span className="list-filters__count">({facets.in_stock})</span>
                </span>
              </label>
            </li>
            <li>
              <label className="list-filters__check">
                <input
                  type="checkbox"
                  checked={preorder}
                  onChange={(event) => onChange({ preorder: event.target.checked ? '1' : null })}
                />
                <span>
                  Pre-order <span className="list-filters__count">({facets.preorder})</span>
                </span>
              </label>
            </li>
          </ul>
        </fieldset>
      )}
      <PriceRange params={params} facets={facets} onChange={onChange} />
      {hasFilters(page, params) && (
        <Button
          variant="link"
          className="list-filters__clear"
          onClick={() => onChange(clearFilters(page))}
        >
          Clear all filters
        </Button>
      )}
    </div>
  );
}

export interface FilterDrawerProps extends FacetFiltersProps {
  /** Matching products, once known. */
  total: number | null;
  onClose: () => void;
}

/**
 * The filters on a narrow screen: a dialog over the page (focus kept inside and given
 * back, Escape closes) ending with "Show N results". Mounted only while open.
 */
export function FilterDrawer({ total, onClose, ...filters }: FilterDrawerProps) {
  return (
    <Modal open onClose={onClose} title="Filters">
      <FacetFilters {...filters} />
      <Button block className="list-page__show" onClick={onClose}>
        {total === null ? 'Show results' : `Show ${total} ${total === 1 ? 'result' : 'results'}`}
      </Button>
    </Modal>
  );
}
