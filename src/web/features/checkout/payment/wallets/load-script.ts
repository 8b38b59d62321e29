/**
 * Loads a payment provider's script once per page (Google's pay.js), only when a
 * wallet needs it. A failed load is forgotten, so a later attempt tries again; the
 * caller logs it and treats the wallet as unavailable (spec section 8).
 */

const loads = new Map<string, Promise<void>>();

/** Adds `<script src async>` once and resolves when it has run. */
export function loadScript(src: string): Promise<void> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        loads.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loads.set(src, load);
  }
  return load;
}
