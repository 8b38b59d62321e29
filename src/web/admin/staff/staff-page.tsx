/**
 * Staff accounts, for owners (/admin/staff, ADR 048): every account with its role and
 * status; add a member (their one-time set-up link is shown once, with a copy button);
 * change a role, disable or enable, issue a new set-up link (a member who lost their
 * authenticator or password).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StaffAccount, StaffLinkReply } from '../../../domain/api/admin-staff.ts';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../domain/staff.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { adminApi, ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useStaff } from '../lib/session.ts';
import './staff-page.css';

const STAFF_KEY = ['admin', 'staff'] as const;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const STATUS_LABELS: Record<StaffAccount['status'], string> = {
  active: 'Active',
  invited: 'Invited (link not used yet)',
  disabled: 'Disabled',
};
const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function StaffPage() {
  usePageTitle('Staff');
  const client = useQueryClient();
  const list = useQuery({
    queryKey: STAFF_KEY,
    queryFn: () => adminApi<{ staff: StaffAccount[] }>('GET', '/staff'),
  });
  const [link, setLink] = useState<{ name: string; url: string; created: boolean } | null>(null);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: STAFF_KEY });

  const change = useMutation({
    mutationFn: (vars: { account: StaffAccount; role?: StaffRole; disabled?: boolean }) =>
      adminApi<{ staff: StaffAccount }>('PATCH', `/staff/${vars.account.id}`, {
        ...(vars.role ? { role: vars.role } : {}),
        ...(vars.disabled === undefined ? {} : { disabled: vars.disabled }),
      }),
    onSuccess: ({ staff }) =>
      setStatus({
        tone: 'success',
        text: `${staff.name}: ${ROLE_LABELS[staff.role]}, ${STATUS_LABELS[staff.status].toLowerCase()}.`,
      }),
    onError: (error) => setStatus({ tone: 'error', text: error.message }),
    onSettled: refresh,
  });
  const reissue = useMutation({
    mutationFn: (account: StaffAccount) =>
      adminApi<StaffLinkReply>('POST', `/staff/${account.id}/setup_link`),
    onSuccess: (reply) => {
      setStatus(null);
      setLink({ name: reply.staff.name, url: reply.setup_url, created: false });
    },
    onError: (error) => setStatus({ tone: 'error', text: error.message }),
    onSettled: refresh,
  });

  return (
    <div className="admin-page staff-page">
      <h1>Staff</h1>
      <div aria-live="polite">
        {status && (
          <Notice tone={status.tone} live={false}>
            {status.text}
          </Notice>
        )}
      </div>
      {link && <SetupLink {...link} onDone={() => setLink(null)} />}
      <AddStaffForm
        onAdded={(reply) => {
          setStatus(null);
          setLink({ name: reply.staff.name, url: reply.setup_url, created: true });
          void refresh();
        }}
      />
      <h2>Accounts</h2>
      {list.isPending && <LoadingOverlay message="Loading staff…" />}
      {list.isError && <Notice tone="error">{list.error.message}</Notice>}
      {list.data && (
        <StaffTable
          accounts={list.data.staff}
          busy={change.isPending || reissue.isPending}
          onRole={(account, role) => change.mutate({ account, role })}
          onDisabled={(account, disabled) => change.mutate({ account, disabled })}
          onReissue={(account) => {
            const sure = window.confirm(
              `Issue a new set-up link for ${account.name}? Their password and authenticator stop working and they are signed out until they use it.`,
            );
            if (sure) reissue.mutate(account);
          }}
        />
      )}
    </div>
  );
}

function StaffTable(props: {
  accounts: StaffAccount[];
  busy: boolean;
  onRole: (account: StaffAccount, role: StaffRole) => void;
  onDisabled: (account: StaffAccount, disabled: boolean) => void;
  onReissue: (account: StaffAccount) => void;
}) {
  const me = useStaff();
  return (
    <table className="admin-table staff-table">
      <caption className="visually-hidden">Staff accounts</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Added</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {props.accounts.map((account) => {
          const self = account.email === me.email;
          return (
            <tr key={account.id}>
              <th scope="row">
                {account.name}
                {self && ' (you)'}
              </th>
              <td>{account.email}</td>
              <td>
                {self ? (
                  ROLE_LABELS[account.role]
                ) : (
                  <SelectField
                    label={`Role of ${account.name}`}
                    className="staff-table__role"
                    options={ROLE_OPTIONS}
                    value={account.role}
                    disabled={props.busy}
                    onChange={(e) => props.onRole(account, e.target.value as StaffRole)}
                  />
                )}
              </td>
              <td>
                {STATUS_LABELS[account.status]}
                {account.setup_expires_at && (
                  <span className="staff-table__expiry">
                    {' '}
                    Link expires {dateOf(account.setup_expires_at)}.
                  </span>
                )}
              </td>
              <td>{dateOf(account.created_at)}</td>
              <td className="staff-table__actions">
                {!self && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={props.busy}
                    onClick={() => props.onDisabled(account, account.status !== 'disabled')}
                    aria-label={`${account.status === 'disabled' ? 'Enable' : 'Disable'} ${account.name}`}
                  >
                    {account.status === 'disabled' ? 'Enable' : 'Disable'}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={props.busy}
                  onClick={() => props.onReissue(account)}
                  aria-label={`New set-up link for ${account.name}`}
                >
                  New set-up link
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function AddStaffForm({ onAdded }: { onAdded: (reply: StaffLinkReply) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const add = useMutation({
    mutationFn: () => adminApi<StaffLinkReply>('POST', '/staff', { email, name, role }),
    onSuccess: (reply) => {
      setEmail('');
      setName('');
      setRole('');
      onAdded(reply);
    },
  });
  const errors = add.error instanceof ApiError ? (add.error.errors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending) add.mutate();
  };
  return (
    <section aria-labelledby="add-staff-heading" className="staff-page__add">
      <h2 id="add-staff-heading">Add staff member</h2>
      <form onSubmit={submit} noValidate className="admin-toolbar">
        <Field
          label="Email"
          type="email"
          value={email}
          error={errors.email?.[0]}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Name"
          value={name}
          error={errors.name?.[0]}
          onChange={(e) => setName(e.target.value)}
        />
        <SelectField
          label="Role"
          options={ROLE_OPTIONS}
          placeholder="Choose a role"
          value={role}
          error={errors.role?.[0]}
          onChange={(e) => setRole(e.target.value)}
        />
        <Button type="submit" busy={add.isPending} busyLabel="Adding…">
          Add staff member
        </Button>
      </form>
      {add.error && !add.error.message.startsWith('There is a problem') && (
        <Notice tone="error">{add.error.message}</Notice>
      )}
    </section>
  );
}

/** A set-up link, shown once: copy it and send it to the member. */
function SetupLink(props: { name: string; url: string; created: boolean; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="staff-link">
      <Notice tone="success">
        {props.created ? `Added ${props.name}.` : `New set-up link for ${props.name}.`} Send them
        this one-time link (good for 72 hours): it is shown only now.
      </Notice>
      <div className="admin-toolbar">
        <Field
          label="Set-up link"
          className="staff-link__url"
          value={props.url}
          readOnly
          onFocus={(e) => e.target.select()}
        />
        <Button type="button" onClick={() => void copy()}>
          Copy link
        </Button>
        <Button type="button" variant="secondary" onClick={props.onDone}>
          Done
        </Button>
      </div>
      <p role="status">{copied ? 'Link copied.' : ''}</p>
    </div>
  );
}
