/**
 * Demo-catalogue facts shared by the component tests' fixtures (shop and basket), so
 * both describe the same products.
 */
import type { BundleComponentView } from '../../domain/api/catalogue.ts';

/** What the Living Room Trio Bundle (variation 60, BUNDLE-TRIO) is made of. */
export const TRIO_BUNDLE_COMPONENTS: BundleComponentView[] = [
  {
    id: 40,
    sku: 'FERN-BOS',
    name: 'Artificial Boston Fern',
    url: '/products/artificial-boston-fern?variation=40',
    quantity: 1,
  },
  {
    id: 68,
    sku: 'EUC-SPRAY',
    name: 'Faux Eucalyptus Spray',
    url: '/products/faux-eucalyptus-spray?variation=68',
    quantity: 2,
  },
  {
    id: 64,
    sku: 'PEONY-PNK',
    name: 'Faux Peony Stem — Blush pink',
    url: '/products/faux-peony-stem?variation=64',
    quantity: 3,
  },
];
