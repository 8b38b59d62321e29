import { Link } from 'react-router';

/** The shop's logo, linking home: the shop's header and the checkout's. */
export function ShopLogo() {
  return (
    <Link to="/" className="shop-logo" aria-label="Everbloom home">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
        <path
          d="M12 21c0-6 0-9 0-12M12 12c-4 0-7-2-7-6 4 0 7 2 7 6zm0-2c3 0 6-2 6-6-3 0-6 2-6 6z"
          fill="currentColor"
        />
      </svg>
      Everbloom
    </Link>
  );
}
