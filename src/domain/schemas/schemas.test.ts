import { describe, expect, it } from 'vitest';
import { addressSchema } from './address.ts';
import { emailSchema } from './email.ts';
import { fieldErrorsFromZod } from './field-errors.ts';
import { voucherCodeSchema } from './voucher.ts';

const valid = {
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  line_1: '10 Downing Street',
  line_3: 'London',
  line_4: 'Greater London',
  postcode: 'sw1a 2aa',
  country_code: 'GBR',
  telephone: '02079460000',
};

describe('address schema', () => {
  it('accepts a complete address and tidies it', () => {
    const parsed = addressSchema.parse({ ...valid, line_2: '  ', company_name: '' });
    expect(parsed.postcode).toBe('SW1A 2AA');
    expect(parsed.line_2).toBeNull();
    expect(parsed.company_name).toBeNull();
  });

  it('gives the spec’s message for every missing required field', () => {
    const result = addressSchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error, 'delivery_address_')).toEqual({
      delivery_address_title: ['Please select an option'],
      delivery_address_first_name: ['Please enter your first name'],
      delivery_address_last_name: ['Please enter your last name'],
      delivery_address_line_1: ['Please enter the first line of your address'],
      delivery_address_line_3: ['Required'],
      delivery_address_line_4: ['Please enter the address county'],
      delivery_address_postcode: ['Please enter your postcode'],
      delivery_address_country_code: ['Please select your country'],
      delivery_address_telephone: [
        'Please enter a phone number for us to contact you on if we have questions about your order.',
      ],
    });
  });

  it('treats blank text as missing and rejects unknown titles and countries', () => {
    const result = addressSchema.safeParse({
      ...valid,
      first_name: '   ',
      title: 'Sir',
      country_code: 'XXX',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error)).toEqual({
      first_name: ['Please enter your first name'],
      title: ['Please select an option'],
      country_code: ['Please select your country'],
    });
  });

  it('caps lengths', () => {
    const result = addressSchema.safeParse({ ...valid, line_1: 'x'.repeat(101) });
    expect(result.success).toBe(false);
  });

  it('asks for unusual characters (NUL, half a surrogate pair) to be removed, on the form too', () => {
    const result = addressSchema.safeParse({
      ...valid,
      line_1: '10 Downing\u0000 Street',
      line_2: 'Flat \ud800',
      last_name: '\udfffLovelace',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error)).toEqual({
      line_1: ['Please remove any unusual characters'],
      line_2: ['Please remove any unusual characters'],
      last_name: ['Please remove any unusual characters'],
    });
    expect(addressSchema.safeParse({ ...valid, line_2: 'Fern House 🌿' }).success).toBe(true);
  });
});

describe('email schema', () => {
  it('requires an email address', () => {
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('Required');
    expect(emailSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Required');
    expect(emailSchema.safeParse('not-an-email').error?.issues[0]?.message).toBe(
      'This must be an email address',
    );
    expect(emailSchema.parse(' Ada@Example.com ')).toBe('ada@example.com');
  });
});

describe('voucher code schema', () => {
  it('forces upper case and allows only capital letters and digits', () => {
    expect(voucherCodeSchema.parse(' welcome10 ')).toBe('WELCOME10');
    expect(voucherCodeSchema.safeParse('TEN-OFF').error?.issues[0]?.message).toBe(
      'Please enter only capital letters and numbers',
    );
    expect(voucherCodeSchema.safeParse("'; DROP TABLE").success).toBe(false);
  });
});
