/**
 * What a vendor's browser side needs from the page's content security policy: the
 * origins each directive must allow (e.g. Turnstile's script and the frame it draws the
 * check in). An adapter whose code runs in the shop's pages declares them; the policy
 * is built once from the adapters configured (http/security.ts), so an unconfigured
 * vendor adds nothing.
 */

/** The directives a vendor may add origins to. */
export type VendorDirective = 'script-src' | 'frame-src' | 'connect-src' | 'img-src' | 'style-src';

/** Origins (https://host) a vendor needs, per directive. */
export type ContentSources = Partial<Record<VendorDirective, readonly string[]>>;
