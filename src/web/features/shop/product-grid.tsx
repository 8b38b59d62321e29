import type { FamilyView } from '../../../domain/api/catalogue.ts';
import { ProductCard } from './product-card.tsx';
import './shop.css';

/** How many cards load their image at once: the first row on a wide screen. */
export const EAGER_IMAGES = 4;

export interface ProductGridProps {
  products: FamilyView[];
  /** The analytics list name for product clicks. */
  listName: string;
}

/** Product cards in a responsive grid: 1 column on a phone, up to 4 on a desktop. */
export function ProductGrid({ products, listName }: ProductGridProps) {
  return (
    // role="list": Safari drops list semantics from lists styled with list-style: none.
    <ul className="product-grid" role="list">
      {products.map((product, index) => (
        <li key={product.id} className="product-grid__item">
          <ProductCard
            product={product}
            listName={listName}
            position={index + 1}
            eager={index < EAGER_IMAGES}
            priority={index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
