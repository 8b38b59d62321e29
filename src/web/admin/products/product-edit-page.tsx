/**
 * /admin/products/:id (ADR 062): one family — its name, web address (a changed one keeps
 * the old address working with a 301), category and description — and each variation's
 * SKU, price in pounds (VAT included), VAT, stock (set through the stock ledger), pre-order
 * with its restock date, and discontinued; a bundle's parts (SKU and quantity each) are
 * edited with its price. Each form saves on
 * its own and shows the server's per-field messages beside the fields.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  penceFromPounds,
  poundsOf,
  TAX_CODES,
  TAX_LABELS,
  type AdminProduct,
  type AdminVariation,
  type TaxCode,
} from '../../../domain/api/admin-products.ts';
import type { FieldErrors } from '../../../domain/shopper-message.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { PicturesPanel } from './pictures-panel.tsx';
import {
  fetchCategories,
  fetchProduct,
  PRODUCTS_KEY,
  updateProduct,
  updateVariation,
  type VariationBody,
} from './products-api.ts';
import './products.css';

const TAX_OPTIONS = TAX_CODES.map((code) => ({ value: code, label: TAX_LABELS[code] }));

const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError ? (error.errors ?? {}) : {};

export function ProductEditPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const created = (location.state as { created?: string } | null)?.created;
  const product = useQuery({
    queryKey: [...PRODUCTS_KEY, 'one', id],
    queryFn: () => fetchProduct(id),
  });
  usePageTitle(product.data ? product.data.name : 'Product');

  if (product.isPending) return <LoadingOverlay message="Loading the product…" />;
  if (product.error) {
    return (
      <section className="admin-page" aria-labelledby="product-title">
        <p>
          <Link to="/admin/products">Back to products</Link>
        </p>
        <h1 id="product-title">Product</h1>
        <Notice tone="error">
          {product.error instanceof ApiError && product.error.status === 404
            ? 'No product has that id.'
            : product.error.message}
        </Notice>
      </section>
    );
  }
  const data = product.data;
  return (
    <section className="admin-page" aria-labelledby="product-title">
      <p>
        <Link to="/admin/products">Back to products</Link>
      </p>
      <h1 id="product-title">{data.name}</h1>
      {created && <Notice tone="success">{created} was created.</Notice>}
      <p>
        In the shop: <a href={data.url}>{data.url}</a>
        {data.old_slugs.length > 0 && (
          <>
            {' '}
            (old addresses that redirect here:{' '}
            {data.old_slugs.map((s) => `/products/${s}`).join(', ')})
          </>
        )}
      </p>
      <FamilyForm product={data} />
      <h2>Variations</h2>
      {data.variations.map((variation) => (
        <VariationForm key={variation.id} productId={data.id} variation={variation} />
      ))}
      <AddVariationForm product={data} />
      <PicturesPanel productId={data.id} />
    </section>
  );
}

function useSaved(productId: number) {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    await client.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'one', String(productId)] });
  };
}

function FamilyForm({ product }: { product: AdminProduct }) {
  const formId = useId();
  const categories = useQuery({ queryKey: ['categories'], queryFn: fetchCategories });
  const saved = useSaved(product.id);
  const [name, setName] = useState(product.name);
  const [slug, setSlug] = useState(product.slug);
  const [category, setCategory] = useState(product.category.slug);
  const [description, setDescription] = useState(product.description);
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: () => updateProduct(product.id, { name, slug, category, description }),
    onSuccess: async () => {
      setDone(true);
      await saved();
    },
  });
  const discontinue = useMutation({
    mutationFn: (value: boolean) => updateProduct(product.id, { discontinued: value }),
    onSuccess: saved,
  });
  const errors = fieldErrorsOf(save.error);
  const error = (field: string) => errors[field]?.[0];
  const allDiscontinued = product.variations.every((v) => v.discontinued);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    save.mutate();
  };
  return (
    <form className="product-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-t`}>
      <h2 id={`${formId}-t`}>Details</h2>
      {save.error && <Notice tone="error">{save.error.message}</Notice>}
      {done && !save.error && <Notice tone="success">The details are saved.</Notice>}
      <Field
        label="Name"
        value={name}
        maxLength={120}
        error={error('name')}
        onChange={(event) => setName(event.target.value)}
      />
      <Field
        label="Web address"
        hint="Changing it keeps the old address working: it redirects here."
        value={slug}
        maxLength={100}
        error={error('slug')}
        onChange={(event) => setSlug(event.target.value)}
      />
      <SelectField
        label="Category"
        options={(categories.data ?? [product.category]).map((c) => ({
          value: c.slug,
          label: c.name,
        }))}
        value={category}
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
      <div className="product-form__actions">
        <Button type="submit" busy={save.isPending} busyLabel="Saving">
          Save details
        </Button>
        <Button
          variant="secondary"
          busy={discontinue.isPending}
          busyLabel="Saving"
          onClick={() => discontinue.mutate(!allDiscontinued)}
        >
          {allDiscontinued ? 'Put every variation back on sale' : 'Discontinue every variation'}
        </Button>
      </div>
      {discontinue.error && <Notice tone="error">{discontinue.error.message}</Notice>}
    </form>
  );
}

function VariationForm({ productId, variation }: { productId: number; variation: AdminVariation }) {
  const formId = useId();
  const saved = useSaved(productId);
  const [sku, setSku] = useState(variation.sku);
  const [price, setPrice] = useState(poundsOf(variation.price));
  const [tax, setTax] = useState<TaxCode>(variation.tax);
  const [stock, setStock] = useState(String(variation.stock));
  const [preorder, setPreorder] = useState(variation.preorder);
  const [restockDate, setRestockDate] = useState(variation.restock_date ?? '');
  const [discontinued, setDiscontinued] = useState(variation.discontinued);
  const [parts, setParts] = useState<PartRow[]>(() => partRowsOf(variation));
  const [local, setLocal] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: (body: VariationBody) => updateVariation(variation.id, body),
    onSuccess: async () => {
      setDone(true);
      await saved();
    },
  });
  const errors = { ...fieldErrorsOf(save.error), ...local };
  const error = (field: string) => errors[field]?.[0];
  const options = Object.entries(variation.options)
    .map(([option, value]) => `${option}: ${value}`)
    .join(', ');
  const title = `${variation.sku}${options ? ` (${options})` : ''}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const pence = penceFromPounds(price);
    const units = Number(stock);
    const found: FieldErrors = {};
    if (pence === null) found.price = ['Please give a price, e.g. 24.99'];
    if (!variation.is_bundle && (!Number.isInteger(units) || units < 0 || stock.trim() === '')) {
      found.stock = ['Please give a whole number, 0 or more'];
    }
    const components = variation.is_bundle ? componentsOf(parts, found) : undefined;
    setLocal(found);
    if (Object.keys(found).length > 0 || pence === null) return;
    save.mutate({
      ...(components && !sameParts(components, variation) ? { components } : {}),
      sku,
      price: pence,
      tax,
      preorder,
      restock_date: restockDate || null,
      discontinued,
      ...(variation.is_bundle ? {} : { stock: units }),
    });
  };

  return (
    <form
      className="product-variation"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${formId}-t`}
    >
      <h3 id={`${formId}-t`}>{title}</h3>
      {save.error && <Notice tone="error">{save.error.message}</Notice>}
      {done && !save.error && <Notice tone="success">{sku} is saved.</Notice>}
      <div className="product-variation__fields">
        <Field
          label="SKU"
          value={sku}
          maxLength={40}
          error={error('sku')}
          onChange={(event) => setSku(event.target.value)}
        />
        <Field
          label="Price (£, VAT included)"
          inputMode="decimal"
          value={price}
          error={error('price')}
          onChange={(event) => setPrice(event.target.value)}
        />
        <SelectField
          label="VAT"
          options={TAX_OPTIONS}
          value={tax}
          error={error('tax')}
          onChange={(event) => setTax(event.target.value as TaxCode)}
        />
        {variation.is_bundle ? (
          <PartsEditor
            title={variation.sku}
            parts={parts}
            onChange={setParts}
            error={error}
            names={variation.components}
          />
        ) : (
          <Field
            label="Stock on hand"
            hint="Saved as a correction in the stock ledger."
            inputMode="numeric"
            value={stock}
            error={error('stock')}
            onChange={(event) => setStock(event.target.value)}
          />
        )}
        <label className="product-check">
          <input
            type="checkbox"
            checked={preorder}
            onChange={(event) => setPreorder(event.target.checked)}
          />
          Pre-order
        </label>
        <Field
          label="Restock date"
          type="date"
          value={restockDate}
          error={error('restock_date')}
          onChange={(event) => setRestockDate(event.target.value)}
        />
        <label className="product-check">
          <input
            type="checkbox"
            checked={discontinued}
            onChange={(event) => setDiscontinued(event.target.checked)}
          />
          Discontinued
        </label>
      </div>
      <Button type="submit" variant="secondary" busy={save.isPending} busyLabel="Saving">
        Save {variation.sku}
      </Button>
    </form>
  );
}

/** One part row as typed: a SKU and how many (text until saved). */
interface PartRow {
  key: number;
  sku: string;
  quantity: string;
}

let nextPartKey = 0;
const partRow = (sku = '', quantity = '1'): PartRow => ({ key: nextPartKey++, sku, quantity });

const partRowsOf = (variation: AdminVariation): PartRow[] =>
  variation.components.map((part) => partRow(part.sku, String(part.quantity)));

/**
 * The parts as the API takes them; each problem is added to `found` under the server's
 * own keys (components.N.sku, components.N.quantity), so both show alike.
 */
function componentsOf(rows: PartRow[], found: FieldErrors) {
  const seen = new Set<string>();
  if (rows.length === 0) found.components = ['A bundle needs at least one part'];
  const components = rows.map((row, index) => {
    const sku = row.sku.trim().toUpperCase();
    const quantity = Number(row.quantity.trim());
    if (sku === '') found[`components.${index}.sku`] = ['Please give the part’s SKU'];
    else if (seen.has(sku)) found[`components.${index}.sku`] = ['This part is listed twice'];
    seen.add(sku);
    if (!/^\d{1,2}$/.test(row.quantity.trim()) || quantity < 1 || quantity > 99) {
      found[`components.${index}.quantity`] = ['Please give a whole number from 1 to 99'];
    }
    return { sku, quantity };
  });
  return components;
}

const sameParts = (parts: { sku: string; quantity: number }[], variation: AdminVariation) =>
  parts.length === variation.components.length &&
  parts.every(
    (part, index) =>
      part.sku === variation.components[index]?.sku &&
      part.quantity === variation.components[index]?.quantity,
  );

/**
 * A bundle's parts: a SKU and a quantity a row, rows added and removed. Saved with the
 * variation's other fields; the server checks each SKU is a plain variation.
 */
function PartsEditor({
  title,
  parts,
  onChange,
  error,
  names,
}: {
  title: string;
  parts: PartRow[];
  onChange: (parts: PartRow[]) => void;
  error: (field: string) => string | undefined;
  names: AdminVariation['components'];
}) {
  const legendId = useId();
  const change = (key: number, patch: Partial<PartRow>) =>
    onChange(parts.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className="product-parts" aria-labelledby={legendId}>
      <legend id={legendId} className="field__label">
        Parts of {title}
      </legend>
      <p className="field__hint">
        Each part is a variation sold on its own (not a bundle); the bundle’s stock follows theirs.
      </p>
      {error('components') && <p className="field__error">{error('components')}</p>}
      {parts.map((row, index) => {
        const name = names.find((part) => part.sku === row.sku.trim().toUpperCase())?.name;
        return (
          <div key={row.key} className="product-parts__row">
            <Field
              label={`Part ${index + 1} SKU`}
              hint={name}
              value={row.sku}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              error={error(`components.${index}.sku`)}
              onChange={(event) => change(row.key, { sku: event.target.value.toUpperCase() })}
            />
            <Field
              label={`Part ${index + 1} quantity`}
              inputMode="numeric"
              value={row.quantity}
              maxLength={2}
              error={error(`components.${index}.quantity`)}
              onChange={(event) => change(row.key, { quantity: event.target.value })}
            />
            <Button
              variant="secondary"
              aria-label={`Remove part ${index + 1}${row.sku ? ` (${row.sku})` : ''}`}
              onClick={() => onChange(parts.filter((other) => other.key !== row.key))}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <Button
        variant="secondary"
        disabled={parts.length >= 20}
        onClick={() => onChange([...parts, partRow()])}
      >
        Add a part
      </Button>
    </fieldset>
  );
}

function AddVariationForm({ product }: { product: AdminProduct }) {
  const formId = useId();
  const saved = useSaved(product.id);
  const firstOption = Object.keys(product.variations[0]?.options ?? {})[0] ?? 'Size';
  const [option, setOption] = useState(firstOption);
  const [value, setValue] = useState('');
  const [sku, setSku] = useState('');
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('0');
  const [local, setLocal] = useState<FieldErrors>({});
  const add = useMutation({
    mutationFn: (body: VariationBody) => updateProduct(product.id, { variations: [body] }),
    onSuccess: async () => {
      setValue('');
      setSku('');
      setPrice('');
      setStock('0');
      await saved();
    },
  });
  const errors: FieldErrors = { ...local };
  for (const [key, messages] of Object.entries(fieldErrorsOf(add.error))) {
    errors[key.replace(/^variations\.0\./, '')] = messages;
  }
  const error = (field: string) => errors[field]?.[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = penceFromPounds(price);
    const units = Number(stock || '0');
    const found: FieldErrors = {};
    if (pence === null) found.price = ['Please give a price, e.g. 24.99'];
    if (!Number.isInteger(units) || units < 0)
      found.stock = ['Please give a whole number, 0 or more'];
    setLocal(found);
    if (Object.keys(found).length > 0 || pence === null) return;
    add.mutate({
      sku,
      price: pence,
      stock: units,
      ...(option.trim() && value.trim() ? { options: { [option.trim()]: value.trim() } } : {}),
    });
  };
  return (
    <form
      className="product-variation"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${formId}-t`}
    >
      <h3 id={`${formId}-t`}>Add a variation</h3>
      {add.error && <Notice tone="error">{add.error.message}</Notice>}
      <div className="product-variation__fields">
        <Field
          label="Option"
          value={option}
          maxLength={40}
          onChange={(e) => setOption(e.target.value)}
        />
        <Field
          label="Value"
          value={value}
          maxLength={40}
          error={error('options') ?? error(`options.${option.trim()}`)}
          onChange={(e) => setValue(e.target.value)}
        />
        <Field
          label="SKU"
          value={sku}
          maxLength={40}
          error={error('sku')}
          onChange={(e) => setSku(e.target.value)}
        />
        <Field
          label="Price (£, VAT included)"
          inputMode="decimal"
          value={price}
          error={error('price')}
          onChange={(e) => setPrice(e.target.value)}
        />
        <Field
          label="Stock on hand"
          inputMode="numeric"
          value={stock}
          error={error('stock')}
          onChange={(e) => setStock(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" busy={add.isPending} busyLabel="Adding">
        Add variation
      </Button>
    </form>
  );
}
