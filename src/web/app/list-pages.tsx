/**
 * The product list pages — home, a category, search results — composed from the
 * search feature's one results layout and the shop's hero and product grid (features
 * do not import each other, ADR 009). One chunk for all three.
 */
import { useParams, useSearchParams } from 'react-router';
import { ResultsLayout } from '../features/search/results-layout.tsx';
import { ShopHero } from '../features/shop/home-page.tsx';
import { ProductGrid } from '../features/shop/product-grid.tsx';

export function HomePage() {
  return <ResultsLayout page={{ kind: 'home' }} Grid={ProductGrid} intro={<ShopHero />} />;
}

export function CategoryPage() {
  const { slug = '' } = useParams();
  return <ResultsLayout key={slug} page={{ kind: 'category', slug }} Grid={ProductGrid} />;
}

export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return <ResultsLayout page={{ kind: 'search', q }} Grid={ProductGrid} />;
}
