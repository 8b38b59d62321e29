/**
 * /admin/products (ADR 062): the product families, newest first, found by name, SKU or
 * web address and filtered by category and by whether they are still sold (discontinued
 * families are listed too); each opens its edit page, and "New product" adds one.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatPence, pence } from '../../../domain/money.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { CsvImport } from './csv-import.tsx';
import { fetchCategories, fetchProducts, PRODUCTS_KEY } from './products-api.ts';
import './products.css';
import { KeysetPager, useKeysetPages } from '../lib/keyset-pages.tsx';

const STATUSES = [
  { value: 'live', label: 'On sale' },
  { value: 'discontinued', label: 'Discontinued' },
];

export function ProductsPage() {
  usePageTitle('Products');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const status = params.get('status') ?? '';
  const [search, setSearch] = useState(q);
  const pages = useKeysetPages();
  const cursor = pages.cursor;

  const products = useQuery({
    queryKey: [...PRODUCTS_KEY, 'list', q, category, status, cursor],
    queryFn: () => fetchProducts({ q, category, status, cursor }),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({ queryKey: ['categories'], queryFn: fetchCategories });

  const show = (next: { q?: string; category?: string; status?: string }) => {
    const values = { q, category, status, ...next };
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) if (value.trim()) query[key] = value.trim();
    setParams(query);
    pages.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ q: search });
  };

  const rows = products.data?.products ?? [];
  const nextCursor = products.data?.next_cursor ?? null;

  return (
    <section className="admin-page" aria-labelledby="products-title">
      <div className="products-heading">
        <h1 id="products-title">Products</h1>
        <Link className="button button--primary" to="/admin/products/new">
          New product
        </Link>
      </div>
      <form className="admin-toolbar" role="search" onSubmit={submit}>
        <Field
          label="Search by name, SKU or web address"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={100}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        <SelectField
          label="Category"
          placeholder="All categories"
          options={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
          value={category}
          onChange={(event) => show({ category: event.target.value })}
        />
        <SelectField
          label="Status"
          placeholder="All"
          options={STATUSES}
          value={status}
          onChange={(event) => show({ status: event.target.value })}
        />
      </form>
      <CsvImport />
      {products.error && <Notice tone="error">{products.error.message}</Notice>}
      <p role="status" className="visually-hidden">
        {products.isFetching
          ? 'Loading products'
          : products.data
            ? `${rows.length} ${rows.length === 1 ? 'product' : 'products'} shown`
            : ''}
      </p>
      <div className="products-table-wrap">
        <table className="admin-table" aria-busy={products.isFetching}>
          <caption className="visually-hidden">Product families, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Category</th>
              <th scope="col" className="number">
                Price from
              </th>
              <th scope="col" className="number">
                Variations
              </th>
              <th scope="col" className="number">
                Stock
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`/admin/products/${row.id}`}>{row.name}</Link>
                  <div className="products-slug">/products/{row.slug}</div>
                </td>
                <td>{row.category.name}</td>
                <td className="number">{formatPence(pence(row.price))}</td>
                <td className="number">{row.variations}</td>
                <td className="number">{row.stock}</td>
                <td>
                  {row.discontinued ? 'Discontinued' : 'On sale'}
                  {row.preorder && ' · pre-order'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {products.data && rows.length === 0 && <p>No products match.</p>}
      <KeysetPager pages={pages} nextCursor={nextCursor} className="products-pager" />
    </section>
  );
}
