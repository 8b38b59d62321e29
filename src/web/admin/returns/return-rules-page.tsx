/**
 * /admin/returns/rules (ADR 070): the return window, the days the emails promise and the
 * returns address, and the reasons customers choose from — added, renamed, moved and
 * retired (never deleted: a return keeps the wording its customer chose). Managers and
 * owners (delivery.manage, the shop's rules); every change is audited by the server.
 */
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ReturnReasonView, ReturnRulesView } from '../../../domain/api/returns.ts';
import {
  RETURN_ADDRESS_LINES,
  RETURN_REASON_MAX,
  RETURN_RULE_LIMITS,
} from '../../../domain/returns.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import {
  fetchReturnRules,
  patchReturnReason,
  patchReturnRules,
  postReturnReason,
  putReturnReasonOrder,
  RETURN_RULES_KEY,
} from './returns-api.ts';
import './returns.css';

/** A whole number typed in a field; what was typed otherwise (the server names the fault). */
const daysOf = (text: string): number | string =>
  /^\s*\d{1,4}\s*$/.test(text) ? Number(text) : text;

const fieldErrorOf = (error: Error | null) => {
  const failure = error instanceof ApiError && error.isValidation ? error : null;
  return (field: string) =>
    failure?.errors
      ? Object.entries(failure.errors)
          .filter(([key]) => key === field || key.startsWith(`${field}.`))
          .flatMap(([, messages]) => messages)
          .join(' ') || undefined
      : undefined;
};

export function ReturnRulesPage() {
  usePageTitle('Return rules and reasons');
  const rules = useQuery({ queryKey: RETURN_RULES_KEY, queryFn: fetchReturnRules });
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className="admin-page" aria-labelledby="return-rules-title">
      <p>
        <Link to="/admin/returns">Returns</Link>
      </p>
      <h1 id="return-rules-title">Return rules and reasons</h1>
      <p>
        What customers are promised when they return something, and the reasons they choose from.
        The law (the Consumer Contracts Regulations) gives at least 14 days to cancel after delivery
        and 14 more to send the goods back, and the refund within 14 days of getting them back.
        Changes apply to returns started from now on.
      </p>
      <div role="status">{done && <Notice tone="success">{done}</Notice>}</div>
      {rules.isPending && <p role="status">Loading the return rules…</p>}
      {rules.error && <Notice tone="error">{rules.error.message}</Notice>}
      {rules.data && <RulesForm rules={rules.data} onDone={setDone} />}
      {rules.data && <Reasons reasons={rules.data.reasons} onDone={setDone} />}
    </section>
  );
}

function RulesForm({ rules, onDone }: { rules: ReturnRulesView; onDone: (text: string) => void }) {
  const client = useQueryClient();
  const [windowDays, setWindowDays] = useState(String(rules.window_days));
  const [sendBackDays, setSendBackDays] = useState(String(rules.send_back_days));
  const [refundDays, setRefundDays] = useState(String(rules.refund_days));
  const [address, setAddress] = useState(rules.address.join('\n'));
  const save = useMutation({
    mutationFn: () =>
      patchReturnRules({
        window_days: daysOf(windowDays),
        send_back_days: daysOf(sendBackDays),
        refund_days: daysOf(refundDays),
        address: address.split('\n'),
      }),
    onSuccess: (view) => {
      client.setQueryData(RETURN_RULES_KEY, view);
      setAddress(view.address.join('\n'));
      onDone(
        `Return rules saved: ${view.window_days} days to start a return, ${view.send_back_days} to send it back, refunds within ${view.refund_days}.`,
      );
    },
  });
  const error = fieldErrorOf(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone('');
    save.mutate();
  };
  const limits = (rule: keyof typeof RETURN_RULE_LIMITS) =>
    `${RETURN_RULE_LIMITS[rule].min} to ${RETURN_RULE_LIMITS[rule].max} days`;

  return (
    <section aria-labelledby="return-rules-form-title">
      <h2 id="return-rules-form-title">Rules</h2>
      <form className="return-rules-form" onSubmit={submit} noValidate aria-label="Return rules">
        {save.error && !(save.error instanceof ApiError && save.error.isValidation) && (
          <Notice tone="error">{save.error.message}</Notice>
        )}
        <Field
          label="Days to start a return"
          hint={`Counted from the day the parcel is deemed delivered; ${limits('window_days')}.`}
          type="number"
          inputMode="numeric"
          min={RETURN_RULE_LIMITS.window_days.min}
          max={RETURN_RULE_LIMITS.window_days.max}
          value={windowDays}
          onChange={(event) => setWindowDays(event.target.value)}
          error={error('window_days')}
          required
        />
        <Field
          label="Days to send the goods back"
          hint={`Promised in the return email; ${limits('send_back_days')}.`}
          type="number"
          inputMode="numeric"
          min={RETURN_RULE_LIMITS.send_back_days.min}
          max={RETURN_RULE_LIMITS.send_back_days.max}
          value={sendBackDays}
          onChange={(event) => setSendBackDays(event.target.value)}
          error={error('send_back_days')}
          required
        />
        <Field
          label="Days to refund once the goods are back"
          hint={`Promised in the return email; ${limits('refund_days')}.`}
          type="number"
          inputMode="numeric"
          min={RETURN_RULE_LIMITS.refund_days.min}
          max={RETURN_RULE_LIMITS.refund_days.max}
          value={refundDays}
          onChange={(event) => setRefundDays(event.target.value)}
          error={error('refund_days')}
          required
        />
        <div className={['field', error('address') ? 'field--error' : ''].join(' ')}>
          <label className="field__label" htmlFor="return-rules-address">
            Returns address
          </label>
          <span id="return-rules-address-hint" className="field__hint">
            Where customers send parcels: one line each, {RETURN_ADDRESS_LINES.min} to{' '}
            {RETURN_ADDRESS_LINES.max} lines.
          </span>
          <textarea
            id="return-rules-address"
            className="field__input"
            rows={RETURN_ADDRESS_LINES.max / 2 + 1}
            value={address}
            required
            aria-invalid={error('address') ? true : undefined}
            aria-describedby={
              error('address')
                ? 'return-rules-address-hint return-rules-address-error'
                : 'return-rules-address-hint'
            }
            onChange={(event) => setAddress(event.target.value)}
          />
          {error('address') && (
            <p id="return-rules-address-error" className="field__error">
              {error('address')}
            </p>
          )}
        </div>
        <Button type="submit" busy={save.isPending} busyLabel="Saving">
          Save rules
        </Button>
      </form>
    </section>
  );
}

type ReasonAction = { run: () => Promise<ReturnRulesView>; message: string };

function Reasons({
  reasons,
  onDone,
}: {
  reasons: readonly ReturnReasonView[];
  onDone: (text: string) => void;
}) {
  const client = useQueryClient();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [wording, setWording] = useState('');
  const wordingField = useRef<HTMLInputElement>(null);
  // The rename field takes the focus when it opens, so keyboard users type straight in.
  useEffect(() => {
    if (renaming) wordingField.current?.focus();
  }, [renaming]);
  const [label, setLabel] = useState('');
  const act = useMutation({
    mutationFn: (action: ReasonAction) => action.run(),
    onSuccess: (view, action) => {
      client.setQueryData(RETURN_RULES_KEY, view);
      onDone(action.message);
    },
  });
  const rename = useMutation({
    mutationFn: (code: string) => patchReturnReason(code, { label: wording }),
    onSuccess: (view) => {
      client.setQueryData(RETURN_RULES_KEY, view);
      setRenaming(null);
      onDone(`Reason renamed: “${wording.trim()}”. Returns made before keep their wording.`);
    },
  });
  const add = useMutation({
    mutationFn: () => postReturnReason(label),
    onSuccess: (view) => {
      client.setQueryData(RETURN_RULES_KEY, view);
      setLabel('');
      onDone(`Reason added: “${view.reasons.at(-1)?.label ?? label}”, offered last.`);
    },
  });
  const move = (index: number, by: -1 | 1) => {
    const codes = reasons.map((reason) => reason.code);
    const [moved] = codes.splice(index, 1);
    codes.splice(index + by, 0, moved!);
    const reason = reasons[index]!;
    onDone('');
    act.mutate({
      run: () => putReturnReasonOrder(codes),
      message: `“${reason.label}” moved ${by < 0 ? 'up' : 'down'}: now ${index + by + 1} of ${codes.length}.`,
    });
  };
  const setActive = (reason: ReturnReasonView, active: boolean) => {
    onDone('');
    act.mutate({
      run: () => patchReturnReason(reason.code, { active }),
      message: active
        ? `“${reason.label}” is offered again.`
        : `“${reason.label}” retired: customers no longer see it; returns that chose it keep it.`,
    });
  };
  const renameError = fieldErrorOf(rename.error)('label');
  const addError = fieldErrorOf(add.error)('label');
  const actError =
    act.error instanceof ApiError ? Object.values(act.error.errors ?? {}).flat() : [];

  return (
    <section aria-labelledby="return-reasons-title">
      <h2 id="return-reasons-title">Reasons</h2>
      <p>
        Customers choose one when they start a return, in this order. A retired reason is no longer
        offered; returns that chose it keep it.
      </p>
      {act.error && <Notice tone="error">{[act.error.message, ...actError].join(' ')}</Notice>}
      {reasons.length === 0 ? (
        <p>No reasons yet: add the first below.</p>
      ) : (
        <table className="admin-table return-reasons">
          <caption className="visually-hidden">
            Return reasons, in the order customers see them
          </caption>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col" className="number">
                Returns
              </th>
              <th scope="col">Offered</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {reasons.map((reason, index) => (
              <tr
                key={reason.code}
                className={reason.active ? undefined : 'return-reason--retired'}
              >
                <td>
                  {renaming === reason.code ? (
                    <form
                      className="return-reason-rename"
                      aria-label={`Rename ${reason.label}`}
                      noValidate
                      onSubmit={(event) => {
                        event.preventDefault();
                        onDone('');
                        rename.mutate(reason.code);
                      }}
                    >
                      {rename.error && !renameError && (
                        <Notice tone="error">{rename.error.message}</Notice>
                      )}
                      <Field
                        label={`New wording for “${reason.label}”`}
                        value={wording}
                        maxLength={RETURN_REASON_MAX}
                        onChange={(event) => setWording(event.target.value)}
                        error={renameError}
                        ref={wordingField}
                        required
                      />
                      <Button type="submit" busy={rename.isPending} busyLabel="Saving">
                        Save
                      </Button>{' '}
                      <Button variant="secondary" onClick={() => setRenaming(null)}>
                        Cancel
                      </Button>
                    </form>
                  ) : (
                    reason.label
                  )}
                </td>
                <td className="number">{reason.returns}</td>
                <td>{reason.active ? 'Yes' : 'Retired'}</td>
                <td className="return-reason-actions">
                  <Button
                    variant="secondary"
                    aria-label={`Move ${reason.label} up`}
                    disabled={index === 0 || act.isPending}
                    onClick={() => move(index, -1)}
                  >
                    Up
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Move ${reason.label} down`}
                    disabled={index === reasons.length - 1 || act.isPending}
                    onClick={() => move(index, 1)}
                  >
                    Down
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Rename ${reason.label}`}
                    onClick={() => {
                      rename.reset();
                      setWording(reason.label);
                      setRenaming(reason.code);
                    }}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`${reason.active ? 'Retire' : 'Bring back'} ${reason.label}`}
                    disabled={act.isPending}
                    onClick={() => setActive(reason, !reason.active)}
                  >
                    {reason.active ? 'Retire' : 'Bring back'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="return-reason-add"
        aria-label="Add a reason"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onDone('');
          add.mutate();
        }}
      >
        {add.error && !addError && <Notice tone="error">{add.error.message}</Notice>}
        <Field
          label="New reason"
          hint="As customers will see it, e.g. It arrived late. It is offered last; move it after."
          value={label}
          maxLength={RETURN_REASON_MAX}
          onChange={(event) => setLabel(event.target.value)}
          error={addError}
          required
        />
        <Button type="submit" busy={add.isPending} busyLabel="Adding">
          Add reason
        </Button>
      </form>
    </section>
  );
}
