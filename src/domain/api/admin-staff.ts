/**
 * The back office's staff replies (ADR 048): sign-in, account set-up and the owner's
 * staff page. The browser imports the inferred types only.
 */
import { z } from 'zod/mini';
import { STAFF_ROLES } from '../staff.ts';

const role = z.enum(STAFF_ROLES);

/** A signed-in staff member, as the API shows them (StaffView). */
export const staffViewSchema = z.object({ email: z.string(), name: z.string(), role });
export const staffSessionReply = z.object({ staff: staffViewSchema });

/** What the set-up page shows: who, and the authenticator's secret three ways. */
export const staffSetupViewSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG document made by the server. */
  qr_svg: z.string(),
});
export type StaffSetupView = z.infer<typeof staffSetupViewSchema>;

export const STAFF_STATUSES = ['active', 'invited', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** A staff account on the owner's staff page. */
export const staffAccountSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  role,
  /** invited: the set-up link is not used yet; disabled: cannot sign in. */
  status: z.enum(STAFF_STATUSES),
  created_at: z.iso.datetime(),
  /** When the outstanding set-up link expires (invited accounts), else null. */
  setup_expires_at: z.nullable(z.iso.datetime()),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffListReply = z.object({ staff: z.array(staffAccountSchema) });
export const staffAccountReply = z.object({ staff: staffAccountSchema });
/** A new account, or a new link: the link is shown once, never stored readable. */
export const staffLinkReply = z.object({ staff: staffAccountSchema, setup_url: z.string() });
export type StaffLinkReply = z.infer<typeof staffLinkReply>;
