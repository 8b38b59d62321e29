/**
 * The notice the payment step shows while the shop takes payments in test mode: no
 * money moves, and a few sandbox cards to try (the README lists them all).
 */
import { FEATURED_SANDBOX_CARDS } from '../../../../domain/payments/sandbox-cards.ts';
import { Notice } from '../../../ui/notice.tsx';

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

export function TestModeNotice() {
  return (
    <Notice tone="warning" live={false}>
      <p className="test-mode-notice__title">
        <strong>This shop is in test mode:</strong> no real payment is taken.
      </p>
      <p>Use a test card with any name, any expiry date in the future and any security code:</p>
      <ul className="test-mode-notice__cards">
        {FEATURED_SANDBOX_CARDS.map((card) => (
          <li key={card.number}>
            <code>{spaced(card.number)}</code> — {card.description}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
