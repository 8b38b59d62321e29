/** Vite's `?raw` imports: the file's text (used by tests of static files). */
declare module '*?raw' {
  const text: string;
  export default text;
}
