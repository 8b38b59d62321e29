/**
 * Finding the free gift's variation by product name (the admin product search), for the
 * promotion form: pick a product, then one of its variations on sale (not a bundle); its
 * SKU goes into the gift field, which the server checks on save.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { fetchProduct, fetchProducts, PRODUCTS_KEY } from '../products/products-api.ts';

export function GiftFinder({ onChoose }: { onChoose: (sku: string, name: string) => void }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [familyId, setFamilyId] = useState<number | null>(null);
  // Searches once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const results = useQuery({
    queryKey: [...PRODUCTS_KEY, 'gift-search', q],
    queryFn: () => fetchProducts({ q, category: '', status: 'live', cursor: null }),
    enabled: q.length >= 2,
  });
  const family = useQuery({
    queryKey: [...PRODUCTS_KEY, 'one', String(familyId)],
    queryFn: () => fetchProduct(String(familyId)),
    enabled: familyId !== null,
  });
  const giftable = (family.data?.variations ?? []).filter((v) => !v.is_bundle && !v.discontinued);
  const products = results.data?.products ?? [];

  return (
    <div className="offers-finder">
      <Field
        label="Find the gift by product name"
        hint="Type at least 2 letters, then choose the product and its variation"
        type="search"
        value={typed}
        autoComplete="off"
        onChange={(event) => {
          setTyped(event.target.value);
          setFamilyId(null);
        }}
      />
      <div role="status" aria-live="polite">
        {q.length >= 2 && results.isPending && 'Searching…'}
        {results.error && results.error.message}
        {results.data && products.length === 0 && `No products match “${q}”.`}
      </div>
      {familyId === null && products.length > 0 && (
        <ul className="offers-finder__list" aria-label="Products found">
          {products.map((product) => (
            <li key={product.id}>
              <Button variant="link" onClick={() => setFamilyId(product.id)}>
                {product.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {familyId !== null && family.isPending && <p role="status">Loading its variations…</p>}
      {family.error && <p className="field__error">{family.error.message}</p>}
      {family.data && (
        <>
          <p>{family.data.name}:</p>
          {giftable.length === 0 ? (
            <p>None of its variations can be given (bundles and discontinued ones cannot).</p>
          ) : (
            <ul className="offers-finder__list" aria-label={`Variations of ${family.data.name}`}>
              {giftable.map((variation) => {
                const options = Object.values(variation.options).join(', ');
                return (
                  <li key={variation.id}>
                    <Button
                      variant="link"
                      onClick={() => {
                        onChoose(variation.sku, family.data.name);
                        setFamilyId(null);
                        setTyped('');
                      }}
                    >
                      Choose {variation.sku}
                      {options ? ` (${options})` : ''}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
