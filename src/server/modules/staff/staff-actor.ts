/**
 * Who makes a back-office write, as the audit trail and ledgers record them: a staff
 * member from a request, or the command line.
 */
import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../../domain/staff.ts';
import { requireStaff } from '../../http/staff-authorization.ts';

export interface StaffActor {
  /** NULL for the command line. */
  staffId: number | null;
  /** The staff member's email, or e.g. 'cli'. */
  label: string;
  role: StaffRole | null;
  /** The client's address, or null off the web. */
  ip: string | null;
}

/** The signed-in staff member making this request (401 without one). */
export function actorOf(request: FastifyRequest): StaffActor {
  const staff = requireStaff(request);
  return { staffId: staff.id, label: staff.email, role: staff.role, ip: request.ip };
}

/** The operator at the command line (npm run staff:add, npm run restock). */
export const COMMAND_LINE: StaffActor = { staffId: null, label: 'cli', role: null, ip: null };

/** The shop's own background jobs, when they write what staff would (ADR 081). */
export const jobActor = (job: string): StaffActor => ({
  staffId: null,
  label: `job:${job}`,
  role: null,
  ip: null,
});
