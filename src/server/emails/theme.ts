/**
 * The shop's look in email: the storefront's colours and type (src/web/ui/tokens.css),
 * as inline-style values, because mail clients drop <style> blocks and CSS variables.
 */
export const colour = {
  bg: '#fbfaf6',
  surface: '#ffffff',
  surfaceMuted: '#f1efe8',
  text: '#1f2a22',
  textMuted: '#4d5a51',
  border: '#cfd3c8',
  brand: '#2f5d3a',
  brandDark: '#22452b',
  brandTint: '#e4efe2',
  accent: '#9c3d54',
} as const;

export const font = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  display: "Georgia, 'Times New Roman', serif",
} as const;
