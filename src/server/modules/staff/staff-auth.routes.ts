/**
 * Staff sign-in and set-up (ADR 048), open to a signed-out browser (permission 'none'):
 * - POST /admin/auth/login          email, password and authenticator code → the session cookie;
 * - POST /admin/auth/logout         ends the session, clears the cookie;
 * - GET  /admin/auth/session        who is signed in (401 when nobody);
 * - GET  /admin/auth/setup/{token}  a set-up link's account and authenticator secret;
 * - POST /admin/auth/setup/{token}  password and a first code → set up and signed in.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { staffSessionReply, staffSetupViewSchema } from '../../../domain/api/admin-staff.ts';
import { data } from '../../../domain/api/replies.ts';
import { staffLoginSchema, staffSetupSchema } from '../../../domain/schemas/staff.ts';
import { requireStaff } from '../../http/staff-authorization.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { staffView, type StaffAuthService } from './staff-auth.service.ts';
import { clearStaffCookie, setStaffCookie, staffTokenOf } from './staff-session.ts';

const tokenParam = { token: 'The set-up link’s token (the last part of its address)' };

const login = openapi({
  summary: 'Signs a staff member in (password and authenticator code): sets the staff cookie',
  description:
    'Anything wrong (unknown email, wrong password or code, a code already used, an account ' +
    'disabled or not yet set up, a malformed body) is the same 401 `invalid_login`.',
  permission: 'none',
  body: staffLoginSchema,
  replies: { 200: data(staffSessionReply) },
  errors: ['invalid_login', 'rate_limit'],
});
const logout = openapi({
  summary: 'Ends the staff session and clears its cookie',
  permission: 'none',
  replies: { 200: data(z.object({ logged_out: z.literal(true) })) },
});
const session = openapi({
  summary: 'The signed-in staff member',
  permission: 'none',
  replies: { 200: data(staffSessionReply) },
  errors: ['unauthorized'],
});
const setupView = openapi({
  summary: 'A set-up link’s account, with its authenticator secret and QR code',
  permission: 'none',
  params: tokenParam,
  replies: { 200: data(staffSetupViewSchema) },
  errors: ['not_found'],
});
const setup = openapi({
  summary: 'Sets up a staff account from its link (password and a first code): signs in',
  permission: 'none',
  params: tokenParam,
  body: staffSetupSchema,
  replies: { 200: data(staffSessionReply) },
  errors: ['not_found'],
});

export function staffAuthRoutes(
  app: FastifyInstance,
  deps: { staffAuth: StaffAuthService; secureCookies: boolean },
) {
  const { staffAuth, secureCookies } = deps;

  app.post('/admin/auth/login', login, async (request, reply) => {
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : {};
    const signedIn = await staffAuth.login(body, { remoteIp: request.ip });
    setStaffCookie(reply, signedIn.token, secureCookies);
    return { data: { staff: signedIn.staff } };
  });
  app.post('/admin/auth/logout', logout, async (request, reply) => {
    await staffAuth.logout(staffTokenOf(request), request.staff, request.ip);
    clearStaffCookie(reply, secureCookies);
    return { data: { logged_out: true } };
  });
  app.get('/admin/auth/session', session, async (request) => ({
    data: { staff: staffView(requireStaff(request)) },
  }));
  app.get<{ Params: { token: string } }>(
    '/admin/auth/setup/:token',
    setupView,
    async (request) => ({
      data: await staffAuth.setupView(request.params.token),
    }),
  );
  app.post<{ Params: { token: string } }>(
    '/admin/auth/setup/:token',
    setup,
    async (request, reply) => {
      const input = parseInput(staffSetupSchema, objectBody(request.body));
      const signedIn = await staffAuth.completeSetup(request.params.token, input, {
        remoteIp: request.ip,
      });
      setStaffCookie(reply, signedIn.token, secureCookies);
      return { data: { staff: signedIn.staff } };
    },
  );
}
