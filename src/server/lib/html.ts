/**
 * HTML escaping for text the server writes into HTML it builds itself (emails, the
 * web app's page meta tags): the five characters HTML gives meaning to become
 * entities, so shopper- or catalogue-supplied text can never become markup.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
