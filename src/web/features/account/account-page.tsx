/**
 * The account hub (/account): a greeting, the customer's details and buds, and a
 * card for each part of the account (orders, wishlist, addresses, saved cards, buds,
 * details and preferences).
 */
import { Link } from 'react-router';
import type { UserView } from '../../../domain/api/user.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useAccountUser } from './account-layout.tsx';
import { budsLabel } from './format.ts';

const SECTIONS = [
  { to: '/account/orders', title: 'Your orders', text: 'Track, view and cancel your orders.' },
  { to: '/account/wishlist', title: 'Your wishlist', text: 'Plants you have saved for later.' },
  {
    to: '/account/addresses',
    title: 'Addresses',
    text: 'Add and edit addresses, and choose your defaults.',
  },
  { to: '/account/cards', title: 'Saved cards', text: 'Cards you saved at the checkout.' },
  { to: '/account/buds', title: 'Buds', text: 'Your balance and how you earned it.' },
  {
    to: '/account/credit',
    title: 'Store credit',
    text: 'Credit to spend at the checkout, and its history.',
  },
  {
    to: '/account/settings',
    title: 'Details and preferences',
    text: 'Your name, password, newsletter and prices.',
  },
] as const;

export function AccountPage() {
  usePageTitle('Your account');
  const user = useAccountUser();
  return (
    <>
      <h1 className="account-page__heading">Hello, {user.first_name}</h1>
      <div className="account-page__grid">
        <Profile user={user} />
        <section className="account-card" aria-labelledby="account-sections">
          <h2 id="account-sections" className="visually-hidden">
            Your account
          </h2>
          <ul className="account-links">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className="account-link">
                  <span className="account-link__title">{section.title}</span>
                  <span className="account-link__text">{section.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

function Profile({ user }: { user: UserView }) {
  return (
    <section className="account-card" aria-labelledby="account-profile">
      <h2 id="account-profile" className="account-card__heading">
        Your details
      </h2>
      <dl className="account-profile">
        <div className="account-profile__row">
          <dt>Name</dt>
          <dd>{user.full_name}</dd>
        </div>
        <div className="account-profile__row">
          <dt>Email</dt>
          <dd className="account-profile__email">{user.email_address}</dd>
        </div>
        <div className="account-profile__row">
          <dt>Buds available</dt>
          <dd>{budsLabel(user.loyalty_points.available)}</dd>
        </div>
      </dl>
    </section>
  );
}
