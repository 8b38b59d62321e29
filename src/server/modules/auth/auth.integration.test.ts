import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN } from '../../adapters/captcha/port.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';
import { LOGIN_LIMITS, RESET_LINK_INVALID, RESET_REQUESTED_MESSAGE } from './auth.service.ts';

const CAPTCHA = 'cf-turnstile-response';
const login = (email: string, password: string) => ({ email, password, [CAPTCHA]: DUMMY_TOKEN });

describe.each(ENGINES)('accounts API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** Creates an account (its name does not matter here); the registration's reply. */
  const register = (email: string, password: string) =>
    new Shopper(t.app).post('/api/v1/auth/register', {
      first_name: 'Test',
      last_name: 'Customer',
      email,
      password,
      [CAPTCHA]: DUMMY_TOKEN,
    });
  /** A login to `email` from a given client address. */
  const loginFrom = (email: string) => (remoteAddress: string, password: string) =>
    new Shopper(t.app).request({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      payload: login(email, password),
    });
  async function logIn(email = 'demo@example.com', password = 'plants-demo') {
    const reply = await new Shopper(t.app).post('/api/v1/auth/login', login(email, password));
    expect(reply.status).toBe(200);
    return reply.body.data.token as string;
  }
  const asUser = (token: string) => {
    const shopper = new Shopper(t.app);
    return {
      shopper,
      get: (url: string) => shopper.request({ method: 'GET', url, headers: bearer(token) }),
      send: (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
        shopper.request({
          method,
          url,
          headers: bearer(token),
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
    };
  };
  async function latestEmailTo(address: string) {
    return t.handle.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  describe('login', () => {
    it('gives a token that reads the customer’s details', async () => {
      const reply = await new Shopper(t.app).post('/api/v1/auth/login', {
        ...login('Demo@Example.com', 'plants-demo'),
        redirect_uri: '/checkout/address',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toEqual({
        token: expect.any(String),
        redirect_uri: '/checkout/address',
      });
      const user = await asUser(reply.body.data.token).get('/api/v1/user');
      expect(user.body.data).toEqual({
        full_name: 'Mrs Ada Lovelace',
        email_address: 'demo@example.com',
        title: 'Mrs',
        first_name: 'Ada',
        last_name: 'Lovelace',
        prices_exclude_tax: false,
        newsletter: false,
        basket_reminders: false,
        loyalty_points: { available: 1250 },
      });
    });

    it('echoes a wish to return to a path on this site, and nothing else', async () => {
      const replyFor = (redirect_uri: unknown) =>
        new Shopper(t.app).post('/api/v1/auth/login', {
          ...login('demo@example.com', 'plants-demo'),
          redirect_uri,
        });

      const safe = await replyFor('/account?tab=addresses#home');
      expect(safe.status).toBe(200);
      expect(safe.body.data.redirect_uri).toBe('/account?tab=addresses#home');

      for (const unsafe of [
        '//evil.example/phish',
        '/\\evil.example',
        '/\t/evil.example',
        'https://evil.example/account',
        'javascript:alert(1)',
        'account',
        `/${'a'.repeat(600)}`,
        42,
        null,
      ]) {
        const reply = await replyFor(unsafe);
        // The login still succeeds; the browser then goes to /account.
        expect(reply.status, JSON.stringify(unsafe)).toBe(200);
        expect(reply.body.data, JSON.stringify(unsafe)).toEqual({ token: expect.any(String) });
      }

      const none = await new Shopper(t.app).post(
        '/api/v1/auth/login',
        login('demo@example.com', 'plants-demo'),
      );
      expect(none.body).toEqual({ data: { token: expect.any(String) } });
    });

    it('refuses a wrong password with invalid_login', async () => {
      const reply = await new Shopper(t.app).post(
        '/api/v1/auth/login',
        login('trade@example.com', 'wrong-password'),
      );
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({
        error_type: 'invalid_login',
        message: 'The login details entered are incorrect.',
      });
      const unknown = await new Shopper(t.app).post(
        '/api/v1/auth/login',
        login('nobody@example.com', 'whatever1'),
      );
      expect(unknown.body.error_type).toBe('invalid_login');
    });

    it('validates the form with the spec’s messages, captcha included', async () => {
      const shopper = new Shopper(t.app);
      const empty = await shopper.post('/api/v1/auth/login', {});
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({
        email: ['Required'],
        password: ['Required'],
        [CAPTCHA]: ['Please complete the security check'],
      });
      const bad = await shopper.post('/api/v1/auth/login', {
        email: 'not-an-email',
        password: 'abc',
        [CAPTCHA]: DUMMY_TOKEN,
      });
      expect(bad.body.errors).toEqual({
        email: ['This must be an email address'],
        password: ['Passwords must be at least 6 characters long'],
      });
      const forged = await shopper.post('/api/v1/auth/login', {
        ...login('demo@example.com', 'plants-demo'),
        [CAPTCHA]: 'forged',
      });
      expect(forged.status).toBe(422);
      expect(forged.body.errors).toEqual({ [CAPTCHA]: ['Please complete the security check'] });
    });

    it('says so when already logged in', async () => {
      const token = await logIn();
      const reply = await asUser(token).send(
        'POST',
        '/api/v1/auth/login',
        login('demo@example.com', 'plants-demo'),
      );
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({
        error_type: 'authorized',
        message: 'You are already logged in.',
      });
    });

    it('stops a brute-force attempt on an account with rate_limit', async () => {
      const email = 'brute@example.com';
      const shopper = new Shopper(t.app);
      await shopper.post('/api/v1/auth/register', {
        first_name: 'Brute',
        last_name: 'Force',
        email,
        password: 'right-password',
        [CAPTCHA]: DUMMY_TOKEN,
      });
      for (let i = 0; i < 5; i++) {
        expect(
          (await shopper.post('/api/v1/auth/login', login(email, `wrong-${i}-pw`))).status,
        ).toBe(401);
      }
      const blocked = await shopper.post('/api/v1/auth/login', login(email, 'right-password'));
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        error_type: 'rate_limit',
        message: 'This action has been attempted too many times, please try again later.',
      });
    });

    it('counts parallel wrong guesses before any password is checked, so none slips past', async () => {
      const email = 'parallel@example.com';
      await register(email, 'right-password');
      const extra = 6;
      const guesses = await Promise.all(
        Array.from({ length: LOGIN_LIMITS.perAddressAndAccount + extra }, (_, i) =>
          new Shopper(t.app).request({
            method: 'POST',
            url: '/api/v1/auth/login',
            remoteAddress: '198.51.100.7',
            payload: login(email, `wrong-guess-${i}`),
          }),
        ),
      );
      const statuses = guesses.map((reply) => reply.status);
      // 401 comes only after the password was checked: exactly the allowance did.
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        LOGIN_LIMITS.perAddressAndAccount,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
      const right = await new Shopper(t.app).request({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '198.51.100.7',
        payload: login(email, 'right-password'),
      });
      expect(right.status).toBe(429);
    });

    it('locks the guessing address out of the account, not the owner elsewhere', async () => {
      const email = 'targeted@example.com';
      await register(email, 'right-password');
      const from = loginFrom(email);
      for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount; i++)
        expect((await from('203.0.113.66', `guess-${i}-pw`)).status).toBe(401);
      expect((await from('203.0.113.66', 'right-password')).status).toBe(429);
      // The owner, at home, is not locked out by the attacker's address.
      expect((await from('192.0.2.10', 'right-password')).status).toBe(200);
    });

    it('caps the failures on one account across every address', async () => {
      const email = 'spread-attack@example.com';
      await register(email, 'right-password');
      const from = loginFrom(email);
      const addresses = LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAddressAndAccount;
      for (let a = 0; a < addresses; a++) {
        const replies = await Promise.all(
          Array.from({ length: LOGIN_LIMITS.perAddressAndAccount }, (_, i) =>
            from(`203.0.113.${100 + a}`, `guess-${i}-pw`),
          ),
        );
        expect(replies.map((reply) => reply.status)).toEqual(
          Array(LOGIN_LIMITS.perAddressAndAccount).fill(401),
        );
      }
      // Past the ceiling, a fresh address is refused too, until the window ends.
      expect((await from('192.0.2.77', 'right-password')).status).toBe(429);
    });

    it('counts only failed logins: a captcha refusal or a success gives its place back', async () => {
      const email = 'forgetful@example.com';
      const shopper = new Shopper(t.app);
      await shopper.post('/api/v1/auth/register', {
        first_name: 'Forgetful',
        last_name: 'Shopper',
        email,
        password: 'right-password',
        [CAPTCHA]: DUMMY_TOKEN,
      });
      await shopper.post('/api/v1/auth/logout');
      const attempt = (password: string, captcha = DUMMY_TOKEN) =>
        new Shopper(t.app).request({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: '198.51.100.8',
          payload: { email, password, [CAPTCHA]: captcha },
        });
      for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount - 1; i++)
        expect((await attempt('wrong-password')).status).toBe(401);
      for (let i = 0; i < 3; i++)
        expect((await attempt('wrong-password', 'forged')).status).toBe(422);
      expect((await attempt('right-password')).status).toBe(200);
      // The success cleared this address's failures: a full allowance again.
      for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount; i++)
        expect((await attempt('wrong-password')).status).toBe(401);
      expect((await attempt('right-password')).status).toBe(429);
    });

    it('answers SQL-looking and over-long input with validation, never a 500', async () => {
      const shopper = new Shopper(t.app);
      const sqlish = await shopper.post(
        '/api/v1/auth/login',
        login("' OR 1=1 --@example.com", "' OR '1'='1"),
      );
      expect([401, 422]).toContain(sqlish.status);
      const long = await shopper.post(
        '/api/v1/auth/login',
        login(`${'a'.repeat(300)}@example.com`, 'x'.repeat(500)),
      );
      expect(long.status).toBe(422);
    });
  });

  describe('tokens', () => {
    it('logs out by revoking the token', async () => {
      const token = await logIn();
      const user = asUser(token);
      expect((await user.get('/api/v1/user')).status).toBe(200);
      expect((await user.send('POST', '/api/v1/auth/logout')).status).toBe(200);
      const after = await user.get('/api/v1/user');
      expect(after.status).toBe(401);
      expect(after.body).toEqual({
        error_type: 'unauthorized',
        message: 'You do not have permission to perform that action.',
      });
    });

    it('refuses missing and forged tokens on customer endpoints', async () => {
      expect((await new Shopper(t.app).get('/api/v1/user')).status).toBe(401);
      expect((await asUser('forged-token-forged-token-forged').get('/api/v1/user')).status).toBe(
        401,
      );
      expect(
        (await asUser('forged-token-forged-token-forged').get('/api/v1/user/addresses')).status,
      ).toBe(401);
    });

    it('revokes every token when the password changes, and returns a new one', async () => {
      const shopper = new Shopper(t.app);
      const reg = await shopper.post('/api/v1/auth/register', {
        title: 'Ms',
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        password: 'first-password',
        [CAPTCHA]: DUMMY_TOKEN,
      });
      expect(reg.status).toBe(200);
      const first = reg.body.data.token as string;
      const second = await logIn('grace@example.com', 'first-password');
      const wrong = await asUser(first).send('PUT', '/api/v1/user/auth', {
        current_password: 'nope-nope',
        password: 'second-password',
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({
        current_password: ['Your current password is not correct'],
      });
      const changed = await asUser(first).send('PUT', '/api/v1/user/auth', {
        current_password: 'first-password',
        password: 'second-password',
      });
      expect(changed.status).toBe(200);
      const fresh = changed.body.data.token as string;
      expect((await asUser(first).get('/api/v1/user')).status).toBe(401);
      expect((await asUser(second).get('/api/v1/user')).status).toBe(401);
      expect((await asUser(fresh).get('/api/v1/user')).status).toBe(200);
    });
  });

  describe('registration', () => {
    it('creates an account and refuses a duplicate email', async () => {
      const payload = {
        first_name: 'Alan',
        last_name: 'Turing',
        email: 'alan@example.com',
        password: 'enigma-1912',
        [CAPTCHA]: DUMMY_TOKEN,
      };
      const created = await new Shopper(t.app).post('/api/v1/auth/register', payload);
      expect(created.status).toBe(200);
      const again = await new Shopper(t.app).post('/api/v1/auth/register', {
        ...payload,
        email: 'ALAN@example.com',
      });
      expect(again.status).toBe(409);
      expect(again.body.error_type).toBe('email_exists');
      expect(again.body.message).toBe('A registered user with that email address already exists.');
    });
  });

  describe('password reset', () => {
    const request = (email: string) =>
      new Shopper(t.app).post('/api/v1/auth/reset_password', { email, [CAPTCHA]: DUMMY_TOKEN });

    it('replies the same whether or not the account exists, and emails a single-use link', async () => {
      await new Shopper(t.app).post('/api/v1/auth/register', {
        first_name: 'Mary',
        last_name: 'Somerville',
        email: 'mary@example.com',
        password: 'old-password',
        [CAPTCHA]: DUMMY_TOKEN,
      });
      const known = await request('mary@example.com');
      const unknown = await request('nobody-here@example.com');
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body.data).toEqual({ message: RESET_REQUESTED_MESSAGE });
      expect(await latestEmailTo('nobody-here@example.com')).toBeUndefined();

      const email = await latestEmailTo('mary@example.com');
      expect(email?.subject).toBe('Reset your Everbloom password');
      const token = /token=([A-Za-z0-9_-]+)/.exec(email?.text_body ?? '')?.[1];
      expect(token).toBeTruthy();
      const session = await logIn('mary@example.com', 'old-password');

      const confirm = { token, password: 'new-password' };
      const done = await new Shopper(t.app).post('/api/v1/auth/reset_password/confirm', confirm);
      expect(done.status).toBe(200);
      const reused = await new Shopper(t.app).post('/api/v1/auth/reset_password/confirm', confirm);
      expect(reused.status).toBe(422);
      expect(reused.body.errors).toEqual({ token: [RESET_LINK_INVALID] });

      expect((await asUser(session).get('/api/v1/user')).status).toBe(401);
      const old = await new Shopper(t.app).post(
        '/api/v1/auth/login',
        login('mary@example.com', 'old-password'),
      );
      expect(old.status).toBe(401);
      await logIn('mary@example.com', 'new-password');
    });

    const resetTokenIn = async (address: string) =>
      /token=([A-Za-z0-9_-]+)/.exec((await latestEmailTo(address))?.text_body ?? '')?.[1];
    const confirmReset = (token: string | undefined, password: string) =>
      new Shopper(t.app).post('/api/v1/auth/reset_password/confirm', { token, password });

    it('ends every older link once a newer one is used', async () => {
      const email = 'two-links@example.com';
      await register(email, 'first-password');
      await request(email);
      const older = await resetTokenIn(email);
      await request(email);
      const newer = await resetTokenIn(email);
      expect(older).not.toBe(newer);
      const session = await logIn(email, 'first-password');

      expect((await confirmReset(newer, 'newer-password')).status).toBe(200);
      const stale = await confirmReset(older, 'older-password');
      expect(stale.status).toBe(422);
      expect(stale.body.errors).toEqual({ token: [RESET_LINK_INVALID] });
      expect((await asUser(session).get('/api/v1/user')).status).toBe(401);
      await logIn(email, 'newer-password');
    });

    it('ends every outstanding link when the password is changed from the account', async () => {
      const email = 'changed-in-account@example.com';
      const reg = await register(email, 'first-password');
      await request(email);
      const link = await resetTokenIn(email);
      const changed = await asUser(reg.body.data.token).send('PUT', '/api/v1/user/auth', {
        current_password: 'first-password',
        password: 'second-password',
      });
      expect(changed.status).toBe(200);

      const stale = await confirmReset(link, 'link-password');
      expect(stale.status).toBe(422);
      expect(stale.body.errors).toEqual({ token: [RESET_LINK_INVALID] });
      await logIn(email, 'second-password');
    });

    it('lets only one of two links used at once change the password', async () => {
      const email = 'racing-links@example.com';
      await register(email, 'first-password');
      await request(email);
      const first = await resetTokenIn(email);
      await request(email);
      const second = await resetTokenIn(email);
      const replies = await Promise.all([
        confirmReset(first, 'password-one'),
        confirmReset(second, 'password-two'),
      ]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 422]);
    });

    it('refuses an expired link', async () => {
      await request('demo@example.com');
      const email = await latestEmailTo('demo@example.com');
      const token = /token=([A-Za-z0-9_-]+)/.exec(email?.text_body ?? '')?.[1];
      await t.handle.db
        .updateTable('password_resets')
        .set({ expires_at: '2020-01-01T00:00:00Z' })
        .execute();
      const reply = await new Shopper(t.app).post('/api/v1/auth/reset_password/confirm', {
        token,
        password: 'another-password',
      });
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual({ token: [RESET_LINK_INVALID] });
      await logIn();
    });
  });

  describe('profile and preferences', () => {
    it('updates personal details, the tax preference and the newsletter choice', async () => {
      const token = await logIn('trade@example.com', 'plants-trade');
      const user = asUser(token);
      const personal = await user.send('PUT', '/api/v1/user/personal', {
        title: 'Dr',
        first_name: 'Tom',
        last_name: 'Chippendale',
      });
      expect(personal.body.data).toMatchObject({
        full_name: 'Dr Tom Chippendale',
        prices_exclude_tax: true,
      });
      const invalid = await user.send('PUT', '/api/v1/user/personal', {
        title: 'Lord',
        first_name: '',
        last_name: 'x',
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors).toEqual({
        title: ['Please select an option'],
        first_name: ['Please enter your first name'],
      });
      expect(
        (await user.send('PUT', '/api/v1/user/newsletter', { newsletter: true })).body.data
          .newsletter,
      ).toBe(true);
      const tax = await user.send('PUT', '/api/v1/user/tax', { prices_exclude_tax: false });
      expect(tax.body.data.prices_exclude_tax).toBe(false);
      await user.send('PUT', '/api/v1/user/tax', { prices_exclude_tax: true });
    });
  });

  describe('saved addresses', () => {
    const address = {
      title: 'Mr',
      first_name: 'Isambard',
      last_name: 'Brunel',
      line_1: '1 Temple Meads',
      line_3: 'Bristol',
      line_4: 'Somerset',
      postcode: 'BS1 6QF',
      country_code: 'GBR',
      telephone: '0117 496 0000',
    };

    it('lists, creates, updates and sets defaults for the customer’s own addresses', async () => {
      const user = asUser(await logIn());
      const listed = await user.get('/api/v1/user/addresses');
      expect(listed.body.data.addresses).toHaveLength(2);
      const [home, office] = listed.body.data.addresses;
      expect(home).toMatchObject({
        line_1: '12 Orchard Lane',
        default_delivery: true,
        default_billing: false,
        full_name: 'Mrs Ada Lovelace',
      });
      expect(office).toMatchObject({ default_delivery: false, default_billing: true });

      const created = await user.send('POST', '/api/v1/user/addresses', address);
      expect(created.status).toBe(200);
      expect(created.body.data.addresses).toHaveLength(3);
      const id = created.body.data.address.id;

      const updated = await user.send('PUT', `/api/v1/user/addresses/${id}`, {
        ...address,
        line_2: 'Station Approach',
      });
      expect(updated.body.data.address.line_2).toBe('Station Approach');

      const defaults = await user.send('PUT', '/api/v1/user/addresses/defaults', {
        default_delivery_address_id: id,
        default_billing_address_id: home.id,
      });
      const byId = new Map(defaults.body.data.addresses.map((a: { id: number }) => [a.id, a]));
      expect(byId.get(id)).toMatchObject({ default_delivery: true, default_billing: false });
      expect(byId.get(home.id)).toMatchObject({ default_delivery: false, default_billing: true });
      expect(byId.get(office.id)).toMatchObject({
        default_delivery: false,
        default_billing: false,
      });
    });

    it('validates addresses with the spec’s messages', async () => {
      const user = asUser(await logIn());
      const reply = await user.send('POST', '/api/v1/user/addresses', {
        ...address,
        line_1: '',
        postcode: '',
      });
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual({
        line_1: ['Please enter the first line of your address'],
        postcode: ['Please enter your postcode'],
      });
    });

    it('never shows or changes another customer’s address', async () => {
      const demo = asUser(await logIn());
      const before = (await demo.get('/api/v1/user/addresses')).body.data.addresses;
      const demoAddressId = before[0].id;
      const other = asUser(await logIn('trade@example.com', 'plants-trade'));
      const theirs = (await other.get('/api/v1/user/addresses')).body.data.addresses;
      expect(theirs.map((a: { id: number }) => a.id)).not.toContain(demoAddressId);
      const update = await other.send('PUT', `/api/v1/user/addresses/${demoAddressId}`, address);
      expect(update.status).toBe(404);
      const defaults = await other.send('PUT', '/api/v1/user/addresses/defaults', {
        default_delivery_address_id: demoAddressId,
      });
      expect(defaults.status).toBe(422);
      expect((await demo.get('/api/v1/user/addresses')).body.data.addresses).toEqual(before);
      expect((await other.send('PUT', '/api/v1/user/addresses/abc', address)).status).toBe(404);
    });
  });
});
