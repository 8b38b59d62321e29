/**
 * Which wallets test mode offers (spec section 4: Apple Pay and Google Pay only when the
 * device supports them; ADR 021). Test mode asks the browser as the real check would,
 * without Braintree or Google's pay.js (test mode needs neither account nor network):
 * - Apple Pay: the same check as Braintree mode (ApplePaySession, version 3,
 *   canMakePayments()), which Safari answers by itself;
 * - Google Pay: the browser's Payment Request API for Google Pay's method
 *   (`https://google.com/pay`), `hasEnrolledInstrument()` standing for pay.js's
 *   `existingPaymentMethodRequired`.
 * The payment itself stays simulated. Testers and the browser journeys choose the
 * device instead with the switch below.
 */

/**
 * localStorage key: the wallets test mode's device has, comma-separated (`apple_pay`,
 * `google_pay`), or '' for neither. Unset: ask the browser.
 */
export const TEST_MODE_WALLETS_KEY = 'test_mode_wallets';

/** The wallets the switch gives the device; null when it is not set. */
export function switchedTestDevice(): { applePay: boolean; googlePay: boolean } | null {
  let setting: string | null = null;
  try {
    setting = window.localStorage.getItem(TEST_MODE_WALLETS_KEY);
  } catch {
    // Storage blocked: no switch.
  }
  if (setting === null) return null;
  const wallets = setting.split(',').map((wallet) => wallet.trim());
  return { applePay: wallets.includes('apple_pay'), googlePay: wallets.includes('google_pay') };
}

/** Google Pay's payment method identifier in the Payment Request API. */
export const GOOGLE_PAY_METHOD = 'https://google.com/pay';

/** True when the browser says it can pay with Google Pay using a card the shopper has. */
export async function browserOffersGooglePay(): Promise<boolean> {
  const Request = (window as { PaymentRequest?: typeof PaymentRequest }).PaymentRequest;
  if (typeof Request !== 'function') return false;
  try {
    const request = new Request(
      [
        {
          supportedMethods: GOOGLE_PAY_METHOD,
          data: {
            apiVersion: 2,
            apiVersionMinor: 0,
            allowedPaymentMethods: [
              {
                type: 'CARD',
                parameters: {
                  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
                  allowedCardNetworks: ['AMEX', 'MASTERCARD', 'VISA'],
                },
              },
            ],
          },
        },
      ],
      { total: { label: 'Total', amount: { currency: 'GBP', value: '0.00' } } },
    );
    // Only hasEnrolledInstrument says a card is there; canMakePayment alone does not.
    // (Chromium has it; TypeScript's DOM types do not list it yet.)
    const enrolled = (request as { hasEnrolledInstrument?: () => Promise<boolean> })
      .hasEnrolledInstrument;
    return typeof enrolled === 'function' ? await enrolled.call(request) : false;
  } catch {
    // Not allowed here (an insecure page, a frame) or the query was refused.
    return false;
  }
}
