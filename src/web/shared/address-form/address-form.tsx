/**
 * The UK address form (spec sections 2, 4 and 5), for the delivery address and, on the
 * payment step, the billing address: contact fields, a postcode search that fills the
 * address lines, manual entry, and for signed-in customers their saved addresses.
 * Validation is the domain's address schema; errors show only on touched fields (all
 * of them after a submit), and a failed submit moves to the first field in error. The
 * schema (with zod) and the postcode search load after the form is drawn: when the
 * browser is idle, at the first focus in the form, or at the latest when first needed
 * (ADR 079).
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  POSTCODE_NOT_FOUND_MESSAGE,
  SELECT_ADDRESS_MESSAGE,
} from '../../../domain/address-lookup.ts';
import {
  ADDRESS_FIELDS,
  ADDRESS_MAX_LENGTHS,
  type AddressField,
} from '../../../domain/address-fields.ts';
import type { SavedAddressView } from '../../../domain/api/user.ts';
import { COUNTRIES } from '../../../domain/countries.ts';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import type { Address } from '../../../domain/schemas/address.ts';
import { TITLE_OPTIONS } from '../../../domain/titles.ts';
import { INTERNAL_ERROR_MESSAGE } from '../../../domain/shopper-message.ts';
import { ApiError } from '../../lib/api-client.ts';
import { lazyResolver, usePreloadWhenIdle } from '../../lib/lazy-resolver.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import {
  addressPart,
  addressPayload,
  autoSelectSavedAddress,
  EMPTY_ADDRESS,
  hasAddressValues,
  matchSavedAddress,
  savedAddressRow,
  serverFieldErrors,
  toFormValues,
  type AddressFormValues,
  type AddressPrefix,
  type AddressType,
} from './values.ts';
import './address-form.css';

export interface AddressFormProps {
  /** The payload's field prefix, and whose defaults the saved addresses offer. */
  prefix: AddressPrefix;
  /** The form's accessible name, e.g. 'Delivery address'. */
  label: string;
  /** The values to start from (the basket's address, the profile's names…). */
  defaultValues: AddressFormValues;
  /**
   * A signed-in customer's saved addresses. Read once, when the form mounts: render
   * the form after they have loaded.
   */
  savedAddresses?: readonly SavedAddressView[] | undefined;
  submitLabel: string;
  /** The submit button's text while saving, e.g. 'Updating basket'. */
  busyLabel: string;
  /**
   * Saves the address (its fields prefixed). A thrown ApiError shows its message; a
   * validation error's messages go to the matching fields.
   */
  onSubmit: (payload: Record<string, string | null>, address: Address) => Promise<void>;
  /** Shown under the submit button. */
  footer?: ReactNode;
  /**
   * Lets a parent submit the form itself (the payment step saves the billing address
   * as part of placing the order); with `hideSubmit` the form has no button of its own.
   */
  handle?: Ref<AddressFormHandle>;
  hideSubmit?: boolean;
}

export interface AddressFormHandle {
  /** Validates and saves as the submit button would: true once saved. */
  submit: () => Promise<boolean>;
}

const validation = lazyResolver(() =>
  import('./validation.ts').then((module) => module.addressResolver),
);
const loadLookup = () => import('./lookup.ts');

// The saved addresses' dialog opens on request (signed-in customers with saved addresses).
const loadPicker = () => import('./saved-address-picker.tsx');
const SavedAddressPicker = lazy(async () => ({ default: (await loadPicker()).SavedAddressPicker }));

/** Starts loading what the form needs after it is drawn: its validation and the search. */
function preloadForm() {
  validation.preload();
  loadLookup().catch(() => undefined);
}

/** The same, and the saved addresses' dialog. */
function preloadFormAndPicker() {
  preloadForm();
  loadPicker().catch(() => undefined);
}

const typeOf = (prefix: AddressPrefix): AddressType =>
  prefix === 'delivery_address_' ? 'delivery' : 'billing';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/** The start: the given values, or with none, the saved address spec section 4 picks. */
function startingValues(props: AddressFormProps): AddressFormValues {
  const saved = props.savedAddresses ?? [];
  if (saved.length === 0 || hasAddressValues(props.defaultValues)) return props.defaultValues;
  const pick = autoSelectSavedAddress(saved, props.defaultValues, typeOf(props.prefix));
  return pick ? toFormValues(pick) : props.defaultValues;
}

export function AddressForm(props: AddressFormProps) {
  const { prefix, label, savedAddresses = [], submitLabel, busyLabel, footer } = props;
  const [initial] = useState(() => startingValues(props));
  const client = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // The address lines show once an address is found, chosen or typed (or already held).
  const [opened, setOpened] = useState(() => hasAddressValues(initial));
  const [postcodeSearch, setPostcodeSearch] = useState('');
  const [searching, setSearching] = useState(false);
  // A search's addresses: each one's label in the list, and the values it fills in.
  const [results, setResults] = useState<
    { label: string; values: Partial<AddressFormValues> }[] | null
  >(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  // Bumped by a failed submit: the effect below then moves to the first error.
  const [errorFocus, setErrorFocus] = useState(0);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<AddressFormValues, unknown, Address>({
    resolver: validation.resolver,
    defaultValues: initial,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as AddressFormValues;
  const preload = savedAddresses.length > 0 ? preloadFormAndPicker : preloadForm;
  usePreloadWhenIdle(preload);
  const selected = matchSavedAddress(savedAddresses, { ...EMPTY_ADDRESS, ...values });

  // Moved once the fields are enabled again: the fieldset is disabled while submitting,
  // and focus() on a disabled field does nothing (the keyboard was left on the page).
  const focusedFor = useRef(0);
  useEffect(() => {
    if (errorFocus === focusedFor.current || isSubmitting) return;
    focusedFor.current = errorFocus;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    first?.focus({ preventScroll: true });
  }, [errorFocus, isSubmitting]);

  const touched = (field: AddressField) => Boolean(touchedFields[field]) || isSubmitted;
  const fieldProps = (field: AddressField) => ({
    ...register(field),
    maxLength: ADDRESS_MAX_LENGTHS[field],
    error: errors[field]?.message,
    touched: touched(field),
  });
  const section = prefix === 'delivery_address_' ? 'shipping' : 'billing';

  /** Puts values in the form, as if typed, and shows the address lines. */
  const fill = (next: Partial<AddressFormValues>) => {
    const fields = Object.keys(next) as AddressField[];
    for (const field of fields) {
      setValue(field, next[field] ?? '', { shouldDirty: true, shouldValidate: isSubmitted });
    }
    if (!isSubmitted) clearErrors(fields);
    setLookupError(null);
    setOpened(true);
  };

  const chooseSaved = (address: SavedAddressView) => {
    fill(toFormValues(address));
    setPickerOpen(false);
  };

  const search = async () => {
    setSearching(true);
    setLookupError(null);
    setResults(null);
    // The search's code failing to load reads as a failed lookup: enter it manually.
    const found = await loadLookup().then(
      async ({ searchPostcode, lookupResultLabel, lookupResultToAddress }) =>
        (await searchPostcode(client, postcodeSearch))?.map((result) => ({
          label: lookupResultLabel(result),
          values: addressPart(toFormValues(lookupResultToAddress(result))),
        })) ?? null,
      () => null,
    );
    setSearching(false);
    if (found) setResults(found);
    else setLookupError(POSTCODE_NOT_FOUND_MESSAGE);
  };

  /** The message for a failed save; a validation error's messages go to the fields. */
  const submitError = (error: unknown): string => {
    if (!(error instanceof ApiError)) {
      return INTERNAL_ERROR_MESSAGE;
    }
    if (!(error.isValidation && error.errors)) return error.message;
    const { fields, others } = serverFieldErrors(error.errors, prefix);
    let focus = true;
    for (const field of ADDRESS_FIELDS) {
      const message = fields[field];
      if (!message) continue;
      setError(field, { type: 'server', message }, { shouldFocus: focus });
      focus = false;
    }
    return [error.message, ...others].join(' ');
  };

  /** Validates, then saves through props.onSubmit; true once saved. */
  const submitForm = async (): Promise<boolean> => {
    let saved = false;
    const failed = () => {
      if (!opened) setLookupError(SELECT_ADDRESS_MESSAGE);
      setFormError(VALIDATION_MESSAGE);
      setErrorFocus((count) => count + 1);
    };
    try {
      await handleSubmit(async (address) => {
        if (!opened) {
          failed();
          return;
        }
        setFormError(null);
        try {
          await props.onSubmit(addressPayload(address, prefix), address);
          saved = true;
        } catch (error) {
          setFormError(submitError(error));
        }
      }, failed)();
    } catch {
      // Only the validation's code failing to load (the network dropped) comes here.
      setFormError(INTERNAL_ERROR_MESSAGE);
    }
    return saved;
  };
  useImperativeHandle(props.handle, () => ({ submit: submitForm }));

  return (
    <form
      ref={formRef}
      className="address-form"
      aria-label={label}
      noValidate
      onFocus={preload}
      onSubmit={(event) => {
        event.preventDefault();
        void submitForm();
      }}
    >
      {formError && <Notice tone="error">{formError}</Notice>}
      <fieldset className="address-form__fields" disabled={isSubmitting}>
        {savedAddresses.length > 0 && (
          <SelectField
            label="Saved addresses"
            placeholder="Enter a new address"
            options={savedAddresses.map((address) => ({
              value: String(address.id),
              label: savedAddressRow(address),
            }))}
            value={selected ? String(selected.id) : ''}
            onChange={(event) => {
              const address = savedAddresses.find((item) => String(item.id) === event.target.value);
              if (address) {
                chooseSaved(address);
              } else {
                fill(addressPart(EMPTY_ADDRESS));
                setOpened(false);
              }
            }}
          />
        )}
        <SelectField
          {...register('title')}
          label="Title"
          placeholder="Select a title"
          options={TITLE_OPTIONS}
          autoComplete={`${section} honorific-prefix`}
          error={errors.title?.message}
          touched={touched('title')}
        />
        <Field
          {...fieldProps('first_name')}
          label="First name"
          autoComplete={`${section} given-name`}
        />
        <Field
          {...fieldProps('last_name')}
          label="Last name"
          autoComplete={`${section} family-name`}
        />

        {opened ? (
          <div className="address-form__address">
            <Field
              {...fieldProps('company_name')}
              label="Company name"
              autoComplete={`${section} organization`}
            />
            <Field
              {...fieldProps('line_1')}
              label="Address Line 1"
              autoComplete={`${section} address-line1`}
            />
            <Field
              {...fieldProps('line_2')}
              label="Address Line 2"
              autoComplete={`${section} address-line2`}
            />
            <Field
              {...fieldProps('line_3')}
              label="Town/City"
              autoComplete={`${section} address-level2`}
            />
            <Field
              {...fieldProps('line_4')}
              label="County"
              autoComplete={`${section} address-level1`}
            />
            <Field
              {...fieldProps('postcode')}
              label="Postcode"
              autoComplete={`${section} postal-code`}
            />
            <SelectField
              {...register('country_code')}
              label="Country"
              placeholder="Select a country"
              options={COUNTRY_OPTIONS}
              error={errors.country_code?.message}
              touched={touched('country_code')}
            />
            <p className="address-form__toggles">
              <Button
                variant="link"
                onClick={() => {
                  setOpened(false);
                  setResults(null);
                }}
              >
                Search again
              </Button>
            </p>
          </div>
        ) : (
          <div className="address-form__lookup">
            <div className="address-form__search">
              <Field
                name={`${prefix}postcode_search`}
                label="Enter your postcode"
                autoComplete={`${section} postal-code`}
                maxLength={ADDRESS_MAX_LENGTHS.postcode}
                value={postcodeSearch}
                onChange={(event) => setPostcodeSearch(event.target.value)}
                onKeyDown={(event) => {
                  // Enter searches rather than submitting the whole form.
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  void search();
                }}
                error={lookupError ?? undefined}
              />
              <Button variant="secondary" busy={searching} busyLabel="Searching" onClick={search}>
                Search
              </Button>
            </div>
            {results && (
              <SelectField
                label="Select your address"
                placeholder="Select an address"
                options={results.map((result, index) => ({
                  value: String(index),
                  label: result.label,
                }))}
                value=""
                onChange={(event) => {
                  const result = results[Number(event.target.value)];
                  if (result) fill(result.values);
                }}
              />
            )}
            <p className="address-form__toggles">
              <Button variant="link" onClick={() => fill({})}>
                Enter manually
              </Button>
            </p>
          </div>
        )}
        {savedAddresses.length > 0 && (
          <p className="address-form__toggles">
            <Button variant="link" onClick={() => setPickerOpen(true)}>
              Select a saved address
            </Button>
          </p>
        )}

        <Field
          {...fieldProps('telephone')}
          label="Telephone"
          type="tel"
          autoComplete={`${section} tel`}
        />
        <Field {...fieldProps('mobile')} label="Mobile" type="tel" />

        {!props.hideSubmit && (
          <Button type="submit" block busy={isSubmitting} busyLabel={busyLabel}>
            {submitLabel}
          </Button>
        )}
      </fieldset>
      {footer}
      {savedAddresses.length > 0 && (
        <Suspense fallback={null}>
          <SavedAddressPicker
            open={pickerOpen}
            addresses={savedAddresses}
            selectedId={selected?.id ?? null}
            onChoose={chooseSaved}
            onClose={() => setPickerOpen(false)}
          />
        </Suspense>
      )}
    </form>
  );
}
