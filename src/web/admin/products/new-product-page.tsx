/**
 * /admin/products/new (ADR 062): a family's name, web address (made from the name until
 * typed), category and description, and its variations — option, SKU, price in pounds
 * (VAT included), VAT and opening stock. The server checks everything again; its
 * per-field messages show beside the fields.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  penceFromPounds,
  slugOf,
  TAX_CODES,
  TAX_LABELS,
  type TaxCode,
} from '../../../domain/api/admin-products.ts';
import type { FieldErrors } from '../../../domain/shopper-message.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import {
  createProduct,
  fetchCategories,
  PRODUCTS_KEY,
  type VariationBody,
} from './products-api.ts';
import './products.css';

interface VariationDraft {
  key: number;
  option: string;
  value: string;
  sku: string;
  price: string;
  stock: string;
  tax: TaxCode;
}

const TAX_OPTIONS = TAX_CODES.map((code) => ({ value: code, label: TAX_LABELS[code] }));

let nextKey = 1;
const blankVariation = (option = 'Size'): VariationDraft => ({
  key: nextKey++,
  option,
  value: '',
  sku: '',
  price: '',
  stock: '0',
  tax: 'standard',
});

export function NewProductPage() {
  usePageTitle('New product');
  const navigate = useNavigate();
  const client = useQueryClient();
  const formId = useId();
  const summary = useRef<HTMLDivElement>(null);
  const categories = useQuery({ queryKey: ['categories'], queryFn: fetchCategories });
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTyped, setSlugTyped] = useState(false);
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [variations, setVariations] = useState<VariationDraft[]>([blankVariation()]);
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useMutation({
    mutationFn: createProduct,
    onSuccess: async (product) => {
      await client.invalidateQueries({ queryKey: PRODUCTS_KEY });
      void navigate(`/admin/products/${product.id}`, { state: { created: product.name } });
    },
    onError: (error) => {
      setErrors(error instanceof ApiError ? (error.errors ?? {}) : {});
      summary.current?.focus();
    },
  });

  const change = (key: number, fields: Partial<VariationDraft>) =>
    setVariations((all) => all.map((v) => (v.key === key ? { ...v, ...fields } : v)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const bodies: VariationBody[] = variations.map((v, index) => {
      const price = penceFromPounds(v.price);
      if (price === null) found[`variations.${index}.price`] = ['Please give a price, e.g. 24.99'];
      const stock = Number(v.stock || '0');
      if (!Number.isInteger(stock) || stock < 0) {
        found[`variations.${index}.stock`] = ['Please give a whole number, 0 or more'];
      }
      const options =
        v.option.trim() && v.value.trim() ? { [v.option.trim()]: v.value.trim() } : undefined;
      return {
        sku: v.sku,
        price: price ?? -1,
        stock,
        tax: v.tax,
        ...(options ? { options } : {}),
      };
    });
    if (Object.keys(found).length > 0) {
      setErrors(found);
      summary.current?.focus();
      return;
    }
    setErrors({});
    create.mutate({ name, slug, category, description, variations: bodies });
  };

  const error = (field: string) => errors[field]?.[0];
  const failed = create.error;

  return (
    <section className="admin-page" aria-labelledby="new-product-title">
      <p>
        <Link to="/admin/products">Back to products</Link>
      </p>
      <h1 id="new-product-title">New product</h1>
      <div ref={summary} tabIndex={-1}>
        {(failed || Object.keys(errors).length > 0) && (
          <Notice tone="error">{failed?.message ?? 'Please check the fields marked below.'}</Notice>
        )}
      </div>
      <form id={formId} className="product-form" onSubmit={submit} noValidate>
        <Field
          label="Name"
          value={name}
          required
          maxLength={120}
          error={error('name')}
          onChange={(event) => {
            setName(event.target.value);
            if (!slugTyped) setSlug(slugOf(event.target.value));
          }}
        />
        <Field
          label="Web address"
          hint="Lower-case words and hyphens: the product's page is /products/ followed by this."
          value={slug}
          required
          maxLength={100}
          error={error('slug')}
          onChange={(event) => {
            setSlugTyped(true);
            setSlug(event.target.value);
          }}
        />
        <SelectField
          label="Category"
          placeholder="Choose a category"
          options={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
          value={category}
          required
          error={error('category')}
          onChange={(event) => setCategory(event.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-description`}>
            Description
          </label>
          <textarea
            id={`${formId}-description`}
            className="field__input product-form__description"
            value={description}
            maxLength={5000}
            rows={5}
            aria-invalid={error('description') ? true : undefined}
            aria-describedby={error('description') ? `${formId}-description-error` : undefined}
            onChange={(event) => setDescription(event.target.value)}
          />
          {error('description') && (
            <p id={`${formId}-description-error`} className="field__error">
              {error('description')}
            </p>
          )}
        </div>
        <fieldset className="product-variations">
          <legend>Variations</legend>
          {error('variations') && <p className="field__error">{error('variations')}</p>}
          {variations.map((v, index) => (
            <fieldset key={v.key} className="product-variation">
              <legend>Variation {index + 1}</legend>
              <Field
                label="Option"
                hint="e.g. Size"
                value={v.option}
                maxLength={40}
                error={error(`variations.${index}.options`)}
                onChange={(event) => change(v.key, { option: event.target.value })}
              />
              <Field
                label="Value"
                hint="e.g. 60cm"
                value={v.value}
                maxLength={40}
                error={error(`variations.${index}.options.${v.option.trim()}`)}
                onChange={(event) => change(v.key, { value: event.target.value })}
              />
              <Field
                label="SKU"
                value={v.sku}
                required
                maxLength={40}
                error={error(`variations.${index}.sku`)}
                onChange={(event) => change(v.key, { sku: event.target.value })}
              />
              <Field
                label="Price (£, VAT included)"
                inputMode="decimal"
                value={v.price}
                required
                error={error(`variations.${index}.price`)}
                onChange={(event) => change(v.key, { price: event.target.value })}
              />
              <SelectField
                label="VAT"
                options={TAX_OPTIONS}
                value={v.tax}
                error={error(`variations.${index}.tax`)}
                onChange={(event) => change(v.key, { tax: event.target.value as TaxCode })}
              />
              <Field
                label="Stock on hand"
                inputMode="numeric"
                value={v.stock}
                error={error(`variations.${index}.stock`)}
                onChange={(event) => change(v.key, { stock: event.target.value })}
              />
              {variations.length > 1 && (
                <Button
                  variant="secondary"
                  onClick={() => setVariations((all) => all.filter((x) => x.key !== v.key))}
                >
                  Remove variation {index + 1}
                </Button>
              )}
            </fieldset>
          ))}
          <Button
            variant="secondary"
            onClick={() =>
              setVariations((all) => [...all, blankVariation(all.at(-1)?.option ?? 'Size')])
            }
          >
            Add another variation
          </Button>
        </fieldset>
        <Button type="submit" busy={create.isPending} busyLabel="Saving">
          Create product
        </Button>
      </form>
    </section>
  );
}
