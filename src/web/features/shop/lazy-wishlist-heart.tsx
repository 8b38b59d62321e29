/**
 * The wishlist heart as product cards use it: loaded after the page, so the home
 * page's first download (budget full, ADR 009) carries only this. The heart sits in
 * the card's corner, so nothing moves when it appears.
 */
import { lazy, Suspense } from 'react';
import type { WishlistHeartProps } from './wishlist-heart.tsx';

const Heart = lazy(async () => ({
  default: (await import('./wishlist-heart.tsx')).WishlistHeart,
}));

export function LazyWishlistHeart(props: WishlistHeartProps) {
  return (
    <Suspense fallback={null}>
      <Heart {...props} />
    </Suspense>
  );
}
