import { useEffect, useState } from 'react';
import type { FamilyView } from '../../domain/api/catalogue.ts';

/**
 * A first page for the shop while the storefront is being built: it lists the
 * catalogue from the API so a newcomer can see the server working end to end.
 */
export function App() {
  const [products, setProducts] = useState<FamilyView[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    fetch('/api/v1/products')
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(response.statusText)),
      )
      .then((body: { data: { products: FamilyView[] } }) => setProducts(body.data.products))
      .catch(() => setFailed(true));
  }, []);

  return (
    <main>
      <h1>Everbloom</h1>
      <p>Realistic artificial plants and flowers, delivered across the UK.</p>
      {failed && <p role="alert">Something went wrong loading the catalogue.</p>}
      {!products && !failed && <p>Loading the catalogue…</p>}
      {products && (
        <ul>
          {products.map((product) => (
            <li key={product.id}>
              <img
                src={product.preview_image.src}
                alt={product.preview_image.alt}
                width={80}
                height={80}
              />{' '}
              {product.name} — from {product.prices.price.label}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
