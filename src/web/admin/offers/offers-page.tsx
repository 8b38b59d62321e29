/**
 * /admin/offers (ADR 064): the discount codes with their usage figures — created,
 * edited and ended here — and the free-gift promotions. Times show in UK time.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PromotionView, VoucherView } from '../../../domain/api/admin-offers.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import { formatUkTime } from '../../../domain/uk-time.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { fetchPromotions, fetchVouchers, OFFERS_KEY } from './offers-api.ts';
import { PromotionDialog } from './promotion-dialog.tsx';
import { VoucherDialog } from './voucher-dialog.tsx';
import './offers.css';

export const STATUS_LABELS: Record<VoucherView['status'], string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
  used_up: 'Used up',
  off: 'Switched off',
};

/** What a code gives, as staff read it. */
export function offerOf(voucher: VoucherView): string {
  switch (voucher.kind) {
    case 'percentage':
      return `${voucher.value}% off ${voucher.includes_delivery ? 'the whole order' : 'items'}`;
    case 'fixed':
      return `${formatPence(pence(voucher.value))} off items`;
    case 'free_delivery':
      return 'Free delivery';
  }
}

const when = (iso: string | null, none: string) => (iso ? formatUkTime(iso) : none);

export function OffersPage() {
  usePageTitle('Offers');
  const vouchers = useQuery({ queryKey: [...OFFERS_KEY, 'vouchers'], queryFn: fetchVouchers });
  const promotions = useQuery({
    queryKey: [...OFFERS_KEY, 'promotions'],
    queryFn: fetchPromotions,
  });
  const [editing, setEditing] = useState<VoucherView | 'new' | null>(null);
  const [editingPromotion, setEditingPromotion] = useState<PromotionView | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const rows = vouchers.data ?? [];
  return (
    <section className="admin-page" aria-labelledby="offers-title">
      <h1 id="offers-title">Offers</h1>
      <p>
        Discount codes and the free-gift promotion. Times are UK time. A use is an order being paid
        or paid with the code; a failed or cancelled order gives its use back. Changes reach the
        shop within seconds.
      </p>
      <div role="status">{done && <Notice tone="success">{done}</Notice>}</div>

      <div className="offers-heading">
        <h2 id="codes-title">Discount codes</h2>
        <Button
          onClick={() => {
            setDone(null);
            setEditing('new');
          }}
        >
          New discount code
        </Button>
      </div>
      {vouchers.error && <Notice tone="error">{vouchers.error.message}</Notice>}
      {vouchers.isPending && <p role="status">Loading discount codes…</p>}
      {vouchers.data && rows.length === 0 && <p>No discount codes yet.</p>}
      {rows.length > 0 && (
        <div className="offers-table-wrap">
          <table className="admin-table" aria-labelledby="codes-title">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Offer</th>
                <th scope="col" className="number">
                  Minimum spend
                </th>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
                <th scope="col" className="number">
                  Uses
                </th>
                <th scope="col" className="number">
                  Discount given
                </th>
                <th scope="col" className="number">
                  Orders’ takings
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((voucher) => (
                <tr key={voucher.code}>
                  <th scope="row">
                    <Link
                      to={`/admin/offers/codes/${encodeURIComponent(voucher.code)}`}
                      aria-label={`${voucher.code}: settings, uses and orders`}
                    >
                      <code>{voucher.code}</code>
                    </Link>
                    <div className="offers-description">{voucher.description}</div>
                  </th>
                  <td>{offerOf(voucher)}</td>
                  <td className="number">
                    {voucher.minimum_spend > 0 ? formatPence(pence(voucher.minimum_spend)) : '—'}
                  </td>
                  <td>{when(voucher.starts_at, 'At once')}</td>
                  <td>{when(voucher.ends_at, 'No end')}</td>
                  <td className="number">
                    {voucher.usage.uses}
                    {voucher.max_uses !== null && ` of ${voucher.max_uses}`}
                    {voucher.max_uses_per_customer !== null && (
                      <div className="offers-description">
                        {voucher.max_uses_per_customer} per customer
                      </div>
                    )}
                  </td>
                  <td className="number">{formatPence(pence(voucher.usage.discount_given))}</td>
                  <td className="number">{formatPence(pence(voucher.usage.takings))}</td>
                  <td>
                    <span className={`offers-status offers-status--${voucher.status}`}>
                      {STATUS_LABELS[voucher.status]}
                    </span>
                  </td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${voucher.code}`}
                      onClick={() => {
                        setDone(null);
                        setEditing(voucher);
                      }}
                    >
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="promotions-title">Free-gift promotions</h2>
      {promotions.error && <Notice tone="error">{promotions.error.message}</Notice>}
      {promotions.isPending && <p role="status">Loading promotions…</p>}
      {promotions.data && promotions.data.length === 0 && <p>No promotions.</p>}
      {promotions.data && promotions.data.length > 0 && (
        <div className="offers-table-wrap">
          <table className="admin-table" aria-labelledby="promotions-title">
            <thead>
              <tr>
                <th scope="col">Promotion</th>
                <th scope="col">Gift</th>
                <th scope="col" className="number">
                  Spend for the gift
                </th>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {promotions.data.map((promotion) => (
                <tr key={promotion.id}>
                  <th scope="row">
                    {promotion.name}
                    <div className="offers-description">Badge: {promotion.badge}</div>
                  </th>
                  <td>
                    {promotion.gift_name} ({promotion.gift_sku})
                  </td>
                  <td className="number">{formatPence(pence(promotion.threshold))}</td>
                  <td>{when(promotion.starts_at, 'At once')}</td>
                  <td>{when(promotion.ends_at, 'No end')}</td>
                  <td>
                    <span className={`offers-status offers-status--${promotion.status}`}>
                      {STATUS_LABELS[promotion.status]}
                    </span>
                  </td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${promotion.name}`}
                      onClick={() => {
                        setDone(null);
                        setEditingPromotion(promotion);
                      }}
                    >
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {editing && (
        <VoucherDialog
          voucher={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={(voucher, what) => {
            setEditing(null);
            setDone(`${voucher.code} ${what}.`);
          }}
        />
      )}
      {editingPromotion && (
        <PromotionDialog
          promotion={editingPromotion}
          onClose={() => setEditingPromotion(null)}
          onDone={(promotion) => {
            setEditingPromotion(null);
            setDone(`${promotion.name} saved.`);
          }}
        />
      )}
    </section>
  );
}
