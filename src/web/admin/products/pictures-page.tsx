/**
 * /admin/products/:id/pictures: the pictures panel on a page of its own (ADR 063), until
 * the product's edit page holds it.
 */
import { useParams } from 'react-router';
import { AdminNotFound } from '../admin-not-found.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { PicturesPanel } from './pictures-panel.tsx';

export function PicturesPage() {
  usePageTitle('Product pictures');
  const { id = '' } = useParams();
  if (!/^\d{1,9}$/.test(id)) return <AdminNotFound />;
  return (
    <section className="admin-page" aria-labelledby="pictures-page-title">
      <h1 id="pictures-page-title">Product pictures</h1>
      <PicturesPanel productId={Number(id)} />
    </section>
  );
}
