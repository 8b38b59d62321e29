/**
 * The test shop's notice, at the top of every page (the shop's layout and the checkout):
 * while payments run in test mode, nothing a shopper "pays" is real, and they must not
 * think otherwise (ADR 041). The server marks such a shop's pages with
 * `<meta name="test-shop">`, so no request is needed to know.
 */
import { TEST_SHOP_META } from '../../domain/api/payments-config.ts';

/** The words of the notice (also read by the browser journeys). */
export const TEST_SHOP_TEXT = 'Test shop — no real payments are taken.';

/** What the server renderer says (it has no document to read the tag from). */
let serverTestShop = false;

/** Set by the server renderer (entry-server.tsx) from the shop's payment mode. */
export function setServerTestShop(testShop: boolean): void {
  serverTestShop = testShop;
}

/** Whether the page is a test shop's (read once per render: the tag never changes). */
function isTestShop(): boolean {
  if (typeof document === 'undefined') return serverTestShop;
  return (
    document.querySelector<HTMLMetaElement>(`meta[name="${TEST_SHOP_META}"]`)?.content === 'true'
  );
}

export function TestShopNotice() {
  if (!isTestShop()) return null;
  // A labelled complementary landmark: announced, and inside a landmark as axe asks.
  return (
    <aside className="test-shop-notice" aria-label="Test shop">
      <p className="container test-shop-notice__text">{TEST_SHOP_TEXT}</p>
    </aside>
  );
}
