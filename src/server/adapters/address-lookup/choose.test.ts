import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { addressLookupFor, addressLookupWarning } from './choose.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SHOP_LEGAL_NAME: 'Everbloom Gardens Ltd',
  SHOP_ADDRESS: '1 High Street, London, EC1A 1AA',
  SHOP_VAT_NUMBER: 'GB123456789',
  COOKIE_SECRET: 'x'.repeat(40),
  TURNSTILE_SITE_KEY: '0x4AAAAAAA',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAA-secret',
  PAYMENTS_TEST_MODE: 'true',
};

describe('the address lookup a configuration gives', () => {
  it('is the test-mode stand-in with no configuration', () => {
    const config = loadConfig({});
    expect(config.addressLookup).toEqual({
      postcoderApiKey: null,
      identifier: 'Everbloom checkout',
    });
    expect(addressLookupFor(config)).toEqual({
      mode: 'test',
      baseUrl: '/api/v1/test-mode/postcoder',
      identifier: 'Everbloom checkout',
      contentSources: {},
    });
  });

  it('is Postcoder with a key, whose origin the page must be allowed to connect to', () => {
    const config = loadConfig({
      POSTCODER_API_KEY: 'PCW45-12345-12345-1234X',
      POSTCODER_IDENTIFIER: ' Everbloom web ',
    });
    expect(addressLookupFor(config)).toEqual({
      mode: 'postcoder',
      baseUrl: 'https://ws.postcoder.com/pcw/PCW45-12345-12345-1234X',
      identifier: 'Everbloom web',
      contentSources: { 'connect-src': ['https://ws.postcoder.com'] },
    });
  });

  it('refuses a key or identifier that does not belong in a URL', () => {
    expect(() => loadConfig({ POSTCODER_API_KEY: 'PCW45/../x' })).toThrow(
      /POSTCODER_API_KEY must be a Postcoder key such as PCW45-12345-12345-1234X/,
    );
    expect(() => loadConfig({ POSTCODER_IDENTIFIER: 'a&b=c' })).toThrow(
      /POSTCODER_IDENTIFIER must be 1 to 50 letters/,
    );
  });

  it('is the stand-in in production without a key, with a warning', () => {
    expect(addressLookupFor(loadConfig(PRODUCTION)).mode).toBe('test');
    expect(addressLookupWarning(loadConfig(PRODUCTION))).toMatch(
      /^POSTCODER_API_KEY is unset: the postcode search offers only the demo addresses/,
    );
    expect(
      addressLookupWarning(loadConfig({ ...PRODUCTION, POSTCODER_API_KEY: 'PCW45-12345' })),
    ).toBeNull();
    expect(addressLookupWarning(loadConfig({}))).toBeNull();
  });
});
