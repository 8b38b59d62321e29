/**
 * The address form's validation: the domain's address schema through zod's resolver.
 * Its own module, loaded when the form first validates or is about to (lazy-resolver.ts,
 * ADR 079), so the form is drawn without zod in the page's first download.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { addressSchema, type Address } from '../../../domain/schemas/address.ts';
import type { AddressFormValues } from './values.ts';

// Every value is a string while edited; the schema trims, nulls empty optional
// fields and checks the title and country, so the validated output is an Address.
export const addressResolver = zodResolver(addressSchema) as unknown as Resolver<
  AddressFormValues,
  unknown,
  Address
>;
