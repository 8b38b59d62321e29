/**
 * The security check on the login, registration and reset forms (spec section 4:
 * a verified result gives a token to the parent; an error or expiry resets it to
 * empty). The server's config picks Cloudflare Turnstile or an offline test mode.
 */
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { TURNSTILE_SCRIPT } from '../../../domain/captcha.ts';
import { useConfig } from '../../api/config.ts';
import './auth-form.css';

/** The token Turnstile's dummy site keys give, which the test-mode server accepts. */
export const DUMMY_CAPTCHA_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export { TURNSTILE_SCRIPT };

const LOAD_FAILED = 'The security check could not be loaded. Please reload the page to try again.';

export type CaptchaAction = 'login' | 'register' | 'reset_password';

interface TurnstileOptions {
  sitekey: string;
  action: string;
  callback: (token: string) => void;
  'error-callback': (code: string) => boolean;
  'expired-callback': () => void;
  'response-field': boolean;
  size: 'normal' | 'compact';
}

interface Turnstile {
  render: (element: HTMLElement, options: TurnstileOptions) => string | undefined;
  reset: (widgetId?: string) => void;
  remove: (widgetId?: string) => void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<void> | null = null;

/** Adds the Turnstile script once; a failed load can be tried again by a later widget. */
function loadTurnstile(): Promise<void> {
  if (window.turnstile) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      loading = null;
      reject(new Error(`Could not load ${TURNSTILE_SCRIPT}`));
    });
    document.head.append(script);
  });
  return loading;
}

export interface CaptchaProps {
  /** Turnstile's action name, checked by the server. */
  action: CaptchaAction;
  /** A verified token, or '' when there is none (not yet, failed or expired). */
  onToken: (token: string) => void;
  /** The form's message about the check, e.g. 'Please complete the security check'. */
  error?: string | undefined;
  disabled?: boolean;
  /**
   * Change it to ask for a fresh token: Turnstile tokens are single-use, so a form
   * resets the check after the server has seen one. (The test-mode token is reusable
   * and stays.)
   */
  resetKey?: number;
}

export function Captcha({ action, onToken, error, disabled, resetKey = 0 }: CaptchaProps) {
  const config = useConfig();
  const errorId = useId();
  const captcha = config.data?.captcha;
  let content;
  if (config.isPending) {
    content = (
      <p className="captcha__status" role="status">
        Loading the security check…
      </p>
    );
  } else if (!captcha || (captcha.mode === 'turnstile' && !captcha.site_key)) {
    content = <LoadFailed />;
  } else if (captcha.mode === 'test') {
    content = (
      <TestModeCheck onToken={onToken} disabled={disabled} describedBy={error ? errorId : ''} />
    );
  } else {
    content = (
      <TurnstileWidget
        siteKey={captcha.site_key ?? ''}
        action={action}
        onToken={onToken}
        resetKey={resetKey}
      />
    );
  }
  return (
    <div className={['captcha', error ? 'captcha--error' : ''].join(' ')}>
      {content}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function LoadFailed() {
  return (
    <p className="captcha__failed" role="alert">
      {LOAD_FAILED}
    </p>
  );
}

/** An honest stand-in for offline and test set-ups: ticking it gives the dummy token. */
function TestModeCheck({
  onToken,
  disabled,
  describedBy,
}: {
  onToken: (token: string) => void;
  disabled?: boolean | undefined;
  describedBy: string;
}) {
  const labelId = useId();
  return (
    <div className="captcha__test" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="captcha__test-label">
        Test mode: no real captcha
      </p>
      <label className="captcha__test-check">
        <input
          type="checkbox"
          disabled={disabled}
          aria-invalid={describedBy ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onToken(event.target.checked ? DUMMY_CAPTCHA_TOKEN : '')}
        />
        I’m not a robot
      </label>
    </div>
  );
}

function TurnstileWidget({
  siteKey,
  action,
  onToken,
  resetKey,
}: {
  siteKey: string;
  action: CaptchaAction;
  onToken: (token: string) => void;
  resetKey: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<string | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const give = useEffectEvent((token: string) => onToken(token));

  useEffect(() => {
    let active = true;
    loadTurnstile()
      .then(() => {
        const turnstile = window.turnstile;
        if (!active || !container.current) return;
        if (!turnstile) throw new Error('Turnstile did not start');
        widget.current = turnstile.render(container.current, {
          sitekey: siteKey,
          action,
          callback: (token) => give(token),
          // Captcha errors are only logged (spec section 8); returning true tells
          // Turnstile the error is handled.
          'error-callback': (code) => {
            console.warn('Security check error', code);
            give('');
            return true;
          },
          'expired-callback': () => give(''),
          // The form sends the token itself.
          'response-field': false,
          // The normal widget is 300px wide; narrow phones get the compact one.
          size:
            container.current.clientWidth > 0 && container.current.clientWidth < 300
              ? 'compact'
              : 'normal',
        });
      })
      .catch((error: unknown) => {
        if (!active) return;
        console.error('The security check could not be loaded', error);
        setFailed(true);
      });
    return () => {
      active = false;
      if (widget.current !== undefined) window.turnstile?.remove(widget.current);
      widget.current = undefined;
    };
  }, [siteKey, action]);

  useEffect(() => {
    // Nothing to reset until the widget has rendered (it never has on mount).
    if (widget.current === undefined) return;
    give('');
    window.turnstile?.reset(widget.current);
  }, [resetKey]);

  return failed ? <LoadFailed /> : <div ref={container} className="captcha__widget" />;
}
