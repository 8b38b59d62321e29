/**
 * The products pages' calls (ADR 062): the list, one family, creating and changing.
 */
import type {
  AdminProduct,
  AdminProductList,
  TaxCode,
} from '../../../domain/api/admin-products.ts';
import type { CategoryView, FamilyView } from '../../../domain/api/catalogue.ts';
import { ApiError, NETWORK_MESSAGE, adminApi, queryString } from '../lib/admin-api.ts';

export const PRODUCTS_KEY = ['admin', 'products'] as const;

export function fetchProducts(params: {
  q: string;
  category: string;
  status: string;
  cursor: string | null;
}) {
  return adminApi<AdminProductList>(
    'GET',
    `/products${queryString({
      q: params.q,
      category: params.category,
      status: params.status,
      cursor: params.cursor,
    })}`,
  );
}

export async function fetchProduct(id: string) {
  return (await adminApi<{ product: AdminProduct }>('GET', `/products/${encodeURIComponent(id)}`))
    .product;
}

/** The shop's categories (the public list), for the category choice. */
export async function fetchCategories(): Promise<CategoryView[]> {
  let response: Response;
  try {
    response = await fetch('/api/v1/categories', { headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE, undefined);
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      undefined,
      'The categories could not be loaded.',
      undefined,
    );
  }
  return ((await response.json()) as { data: { categories: CategoryView[] } }).data.categories;
}

export interface VariationBody {
  sku?: string;
  price?: number;
  options?: Record<string, string>;
  stock?: number;
  tax?: TaxCode;
  preorder?: boolean;
  restock_date?: string | null;
  discontinued?: boolean;
  /** A bundle's parts, replacing the ones it has. */
  components?: { sku: string; quantity: number }[];
}

export interface ProductBody {
  name?: string;
  slug?: string;
  category?: string;
  description?: string;
  discontinued?: boolean;
  variations?: (VariationBody & { id?: number })[];
}

export async function createProduct(body: ProductBody) {
  return (await adminApi<{ product: FamilyView }>('POST', '/products', body)).product;
}

export async function updateProduct(id: number, body: ProductBody) {
  return (await adminApi<{ product: FamilyView }>('PATCH', `/products/${id}`, body)).product;
}

export async function updateVariation(id: number, body: VariationBody) {
  return (await adminApi<{ product: FamilyView }>('PATCH', `/variations/${id}`, body)).product;
}

export interface CsvImportResult {
  dry_run: boolean;
  changes: {
    line: number;
    sku: string;
    action: 'create' | 'update' | 'unchanged';
    fields: Record<string, [unknown, unknown]>;
  }[];
  errors: { line: number; field: string; message: string }[];
  counts: { create: number; update: number; unchanged: number };
}

export function importProductsCsv(csv: string, dryRun: boolean) {
  return adminApi<CsvImportResult>('POST', '/products/import', { csv, dry_run: dryRun });
}
