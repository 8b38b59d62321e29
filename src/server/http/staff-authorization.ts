/**
 * The back office's gate (ADR 047). Every route under /api/v1/admin/ declares the
 * permission it needs (`openapi({ permission })`), or 'none' for the few a signed-out
 * staff member calls (login, logout, account set-up); registering one without a
 * declaration throws, so a route cannot be added unguarded. Before such a route's
 * handler runs, the staff session cookie is read: no live session → 401 `unauthorized`;
 * a role without the permission → 403 `unauthorized`. A customer's bearer token counts
 * for nothing here.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { can, type Permission } from '../../domain/staff.ts';
import type { StaffMember } from '../modules/staff/staff.repository.ts';
import { hashStaffToken, staffTokenOf } from '../modules/staff/staff-session.ts';

export const ADMIN_API_PREFIX = '/api/v1/admin/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on back-office routes, else null. */
    staff: StaffMember | null;
  }
}

/** The permission an admin route declared, or undefined when it declared none. */
export function declaredPermission(
  options: Pick<RouteOptions, 'config'>,
): Permission | 'none' | undefined {
  return (options.config as { openapi?: { permission?: Permission | 'none' } } | undefined)?.openapi
    ?.permission;
}

export function registerStaffAuthorization(
  app: FastifyInstance,
  memberOfToken: (tokenHash: string) => Promise<StaffMember | undefined>,
): void {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (options: RouteOptions) => {
    if (!options.url.startsWith(ADMIN_API_PREFIX)) return;
    const permission = declaredPermission(options);
    if (permission === undefined) {
      throw new Error(`${String(options.method)} ${options.url} declares no permission (ADR 047)`);
    }
    const gate = async (request: FastifyRequest) => {
      const token = staffTokenOf(request);
      request.staff = token ? ((await memberOfToken(hashStaffToken(token))) ?? null) : null;
      if (permission === 'none') return;
      if (!request.staff) throw new AppError('unauthorized');
      if (!can(request.staff.role, permission)) throw new AppError('unauthorized', { status: 403 });
    };
    const existing = options.onRequest;
    options.onRequest = existing === undefined ? [gate] : [gate, ...[existing].flat()];
  });
}

/** The signed-in staff member, or a 401 `unauthorized`. */
export function requireStaff(request: FastifyRequest): StaffMember {
  if (!request.staff) throw new AppError('unauthorized');
  return request.staff;
}
