/**
 * Cloudflare Turnstile's widget script, loaded for explicit rendering (integrations:
 * `?render=explicit` with `turnstile.render(el, {...})`). The browser loads it where a
 * form has the widget; the server preloads it from the HTML of the pages that do, and
 * the two URLs must be the same for the preload to be used.
 */
export const TURNSTILE_SCRIPT =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
