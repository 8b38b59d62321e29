/**
 * The Braintree payment client (ADR 020; design/integrations.md section 1). This module
 * and braintree-web with it are one chunk, imported only when /config's payments.mode
 * is 'braintree', on the payment step alone (load-client.ts). It makes a client
 * from the client token, hosted fields for the card (their iframes keep the card
 * number and security code away from the shop's page), 3-D Secure 2 with Braintree's
 * own modal, and the data collector's device data.
 */
import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { Client } from 'braintree-web/client';
import * as clientModule from 'braintree-web/client/index.js';
import * as dataCollectorModule from 'braintree-web/data-collector/index.js';
import type { HostedFields, HostedFieldsEvent } from 'braintree-web/hosted-fields';
import * as hostedFieldsModule from 'braintree-web/hosted-fields/index.js';
import * as threeDSecureModule from 'braintree-web/three-d-secure/index.js';
import * as applePayModule from 'braintree-web/apple-pay/index.js';
import * as googlePaymentModule from 'braintree-web/google-payment/index.js';
import * as paypalCheckoutModule from 'braintree-web/paypal-checkout/index.js';
import { cardBrandName, cardBrandSlug } from '../../../../../../domain/cards.ts';
import {
  CARD_FIELD_PLACEHOLDERS,
  CardFieldFrame,
  cardFieldError,
  type ShownCardBrand,
} from '../card-field-frame.tsx';
import {
  CARD_FIELD_KEYS,
  PaymentClientError,
  type CardFieldKey,
  type CardFieldsProps,
  type PaymentClient,
  type VerifiedCard,
  type VerifyCardOptions,
  verifiedCard,
} from '../types.ts';

/**
 * braintree-web's components for the wallet groups (load-client.ts, loadBraintreeWeb):
 * the page then loads one chunk of braintree-web, sharing its common modules, and no
 * chunk of CommonJS helpers lands on the home page (ADR 020).
 */
export const braintreeWeb = {
  client: clientModule,
  dataCollector: dataCollectorModule,
  applePay: applePayModule,
  googlePayment: googlePaymentModule,
  paypalCheckout: paypalCheckoutModule,
};

/** Spec section 9: how long hosted fields may take to set up. */
const INTEGRATION_TIMEOUT_MS = 60_000;

/** The shop's input style inside the hosted-field iframes. */
const STYLES = {
  input: { 'font-size': '16px', 'font-family': 'system-ui, sans-serif', color: '#1f2a24' },
  ':focus': { color: '#1f2a24' },
  '.invalid': { color: '#b42318' },
};

type FieldStates = Record<
  CardFieldKey,
  { isEmpty: boolean; isValid: boolean; isPotentiallyValid: boolean; touched: boolean }
>;

const START: FieldStates = {
  cardholderName: { isEmpty: true, isValid: false, isPotentiallyValid: true, touched: false },
  number: { isEmpty: true, isValid: false, isPotentiallyValid: true, touched: false },
  expirationDate: { isEmpty: true, isValid: false, isPotentiallyValid: true, touched: false },
  cvv: { isEmpty: true, isValid: false, isPotentiallyValid: true, touched: false },
};

/** A braintree-web error as a PaymentClientError (the invalid fields' keys kept). */
function asClientError(error: unknown): PaymentClientError {
  const source = error as {
    code?: string;
    message?: string;
    details?: { invalidFieldKeys?: string[] };
  };
  const keys = (source.details?.invalidFieldKeys ?? []).filter((key): key is CardFieldKey =>
    (CARD_FIELD_KEYS as readonly string[]).includes(key),
  );
  return new PaymentClientError(
    source.code ?? 'UNKNOWN',
    source.message ?? 'The payment could not be taken.',
    keys,
  );
}

export async function createBraintreeClient(clientToken: string): Promise<PaymentClient> {
  let client: Client;
  try {
    client = await clientModule.create({ authorization: clientToken });
  } catch (error) {
    throw asClientError(error);
  }
  const [threeDSecure, dataCollector] = await Promise.all([
    threeDSecureModule.create({ client, version: 2 }),
    dataCollectorModule.create({ client }),
  ]);
  // Braintree asks before it shows its challenge: always go on.
  threeDSecure.on('lookup-complete', (_data, next) => next?.());

  function CardFields({ ref, disabled }: CardFieldsProps) {
    const base = useId().replace(/:/g, '');
    const [fields, setFields] = useState<HostedFields | null>(null);
    const [states, setStates] = useState<FieldStates>(START);
    const [setupError, setSetupError] = useState<string | null>(null);
    const [brand, setBrand] = useState<ShownCardBrand | null>(null);
    const containers = useRef<Partial<Record<CardFieldKey, HTMLDivElement | null>>>({});

    useEffect(() => {
      let instance: HostedFields | null = null;
      let cancelled = false;
      const timer = setTimeout(
        () => !instance && setSetupError('The card form took too long to load.'),
        INTEGRATION_TIMEOUT_MS,
      );
      const update = (event: HostedFieldsEvent, touch = false) =>
        setStates((current) => {
          const next = { ...current };
          for (const key of CARD_FIELD_KEYS) {
            const field = event.fields[key];
            if (!field) continue;
            next[key] = {
              isEmpty: field.isEmpty,
              isValid: field.isValid,
              isPotentiallyValid: field.isPotentiallyValid,
              touched: current[key].touched || (touch && event.emittedBy === key),
            };
          }
          return next;
        });
      void hostedFieldsModule
        .create({
          client,
          styles: STYLES,
          fields: Object.fromEntries(
            CARD_FIELD_KEYS.map((key) => [
              key,
              {
                container: containers.current[key] ?? undefined,
                placeholder: CARD_FIELD_PLACEHOLDERS[key],
                ...(key === 'cvv' ? { maxlength: 4 } : {}),
                ...(key === 'number' ? { maxCardLength: 19 } : {}),
              },
            ]),
          ),
        })
        .then((created) => {
          if (cancelled) {
            void created.teardown();
            return;
          }
          instance = created;
          created.on('validityChange', (event) => update(event));
          created.on('empty', (event) => update(event));
          created.on('notEmpty', (event) => update(event));
          created.on('blur', (event) => update(event, true));
          // Hosted fields name brands their own way ('master-card'): the shop's slugs.
          created.on('cardTypeChange', (event) => {
            const only = event.cards.length === 1 ? event.cards[0] : undefined;
            const slug = only && cardBrandSlug(only.type);
            setBrand(only && slug ? { slug, name: cardBrandName(slug, only.niceType) } : null);
          });
          setFields(created);
        })
        .catch((error: unknown) => setSetupError(asClientError(error).message));
      return () => {
        cancelled = true;
        clearTimeout(timer);
        if (instance) void instance.teardown();
      };
    }, []);

    useImperativeHandle(ref, () => ({
      tokenize: async () => {
        if (!fields) {
          throw new PaymentClientError('HOSTED_FIELDS_TIMEOUT', 'The card form is not ready.');
        }
        setStates((current) => {
          const next = { ...current };
          for (const key of CARD_FIELD_KEYS) next[key] = { ...current[key], touched: true };
          return next;
        });
        try {
          const payload = await fields.tokenize();
          return {
            nonce: payload.nonce,
            details: {
              bin: payload.details.bin,
              lastFour: payload.details.lastFour,
              cardType: payload.details.cardType,
              expirationMonth: payload.details.expirationMonth,
              expirationYear: payload.details.expirationYear,
            },
          };
        } catch (error) {
          const clientError = asClientError(error);
          const first = clientError.invalidFieldKeys[0];
          if (first) void fields.focus(first).catch(() => undefined);
          throw clientError;
        }
      },
      clear: () => {
        if (!fields) return;
        for (const key of CARD_FIELD_KEYS) void fields.clear(key).catch(() => undefined);
        setStates(START);
      },
    }));

    return (
      <div className="card-fields" aria-busy={!fields || undefined}>
        {setupError && <p className="field__error">{setupError}</p>}
        {CARD_FIELD_KEYS.map((key) => {
          const id = `${base}-${key}`;
          const error = cardFieldError(key, states[key]);
          return (
            <CardFieldFrame
              key={key}
              fieldKey={key}
              brand={key === 'number' ? brand : null}
              labelId={`${id}-label`}
              error={error}
              errorId={`${id}-error`}
            >
              <div
                ref={(element) => {
                  containers.current[key] = element;
                }}
                id={id}
                className={[
                  'field__input',
                  'hosted-field',
                  disabled ? 'hosted-field--disabled' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                role="group"
                aria-labelledby={`${id}-label`}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </CardFieldFrame>
          );
        })}
      </div>
    );
  }

  async function verifyCard(options: VerifyCardOptions): Promise<VerifiedCard> {
    let payload;
    try {
      payload = await threeDSecure.verifyCard({
        nonce: options.nonce,
        bin: options.details.bin,
        amount: options.amount,
        ...(options.email ? { email: options.email } : {}),
        billingAddress: options.billingAddress,
      });
    } catch (error) {
      throw asClientError(error);
    }
    return verifiedCard(payload.nonce, payload.threeDSecureInfo);
  }

  return {
    mode: 'braintree',
    CardFields,
    Overlay: () => null,
    verifyCard,
    deviceData: async () => dataCollector.deviceData,
    teardown: async () => {
      await Promise.allSettled([
        threeDSecure.teardown(),
        dataCollector.teardown(),
        client.teardown(() => undefined),
      ]);
    },
  };
}
