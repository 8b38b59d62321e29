/**
 * The login pages and the account page, loaded as one chunk: the account page is
 * where a login lands, both need the same forms, schemas and user API, and one lazy
 * import instead of two keeps the entry's list of route files (and so the home
 * page's first download) short.
 */
export { AccountPage } from '../features/account/account-page.tsx';
export { LoginRoutes } from '../features/login/login-routes.tsx';
