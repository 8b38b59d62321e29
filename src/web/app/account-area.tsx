/**
 * The login pages and the account pages, loaded as one chunk: the account is where
 * a login lands, both need the same forms, schemas and user API, and one lazy
 * import instead of two keeps the entry's list of route files (and so the home
 * page's first download) short. The account's pages (/account/*) have their own
 * route table, account-routes.tsx.
 */
export { AccountRoutes } from '../features/account/account-routes.tsx';
export { LoginRoutes } from '../features/login/login-routes.tsx';
