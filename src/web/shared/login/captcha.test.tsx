import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { Captcha, DUMMY_CAPTCHA_TOKEN, TURNSTILE_SCRIPT } from './captcha.tsx';
import { TEST_MODE_CONFIG, TURNSTILE_CONFIG } from './testing/fixtures.ts';

const turnstileScripts = () =>
  [...document.head.querySelectorAll('script')].filter((script) => script.src === TURNSTILE_SCRIPT);

interface RenderOptions {
  sitekey: string;
  action: string;
  callback: (token: string) => void;
  'error-callback': (code: string) => boolean;
  'expired-callback': () => void;
}

function fakeTurnstile() {
  const widgets: RenderOptions[] = [];
  const turnstile = {
    render: vi.fn((_element: HTMLElement, options: RenderOptions) => {
      widgets.push(options);
      return `widget-${widgets.length}`;
    }),
    reset: vi.fn(),
    remove: vi.fn(),
  };
  return { turnstile, widgets };
}

describe('Captcha in test mode', () => {
  it('is a labelled check that gives the dummy token when ticked and clears it when unticked', async () => {
    mockApi({ 'GET /api/v1/config': TEST_MODE_CONFIG });
    const onToken = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<Captcha action="login" onToken={onToken} />);

    const box = await screen.findByRole('group', { name: 'Test mode: no real captcha' });
    const check = screen.getByRole('checkbox', { name: 'I’m not a robot' });
    expect(box).toContainElement(check);
    expect(check).not.toBeChecked();

    await user.click(check);
    expect(onToken).toHaveBeenLastCalledWith(DUMMY_CAPTCHA_TOKEN);

    await user.click(check);
    expect(onToken).toHaveBeenLastCalledWith('');
  });

  it('can be ticked from the keyboard', async () => {
    mockApi({ 'GET /api/v1/config': TEST_MODE_CONFIG });
    const onToken = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<Captcha action="login" onToken={onToken} />);
    await screen.findByRole('checkbox', { name: 'I’m not a robot' });

    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'I’m not a robot' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onToken).toHaveBeenLastCalledWith(DUMMY_CAPTCHA_TOKEN);
  });

  it('shows the form’s message and ties it to the check', async () => {
    mockApi({ 'GET /api/v1/config': TEST_MODE_CONFIG });
    renderWithApp(
      <Captcha
        action="login"
        onToken={() => undefined}
        error="Please complete the security check"
      />,
    );

    const check = await screen.findByRole('checkbox', { name: 'I’m not a robot' });
    expect(check).toHaveAccessibleDescription('Please complete the security check');
    expect(check).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Captcha with Turnstile', () => {
  afterEach(() => {
    delete window.turnstile;
  });

  it('logs a script that fails to load and asks for a reload', async () => {
    mockApi({ 'GET /api/v1/config': TURNSTILE_CONFIG });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithApp(<Captcha action="login" onToken={() => undefined} />);

    await waitFor(() => expect(turnstileScripts()).toHaveLength(1));
    act(() => {
      turnstileScripts()[0]?.dispatchEvent(new Event('error'));
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The security check could not be loaded. Please reload the page to try again.',
    );
    expect(logged).toHaveBeenCalled();
    expect(turnstileScripts()).toHaveLength(0);
  });

  it('loads the script once and renders each widget with the site key and action', async () => {
    mockApi({ 'GET /api/v1/config': TURNSTILE_CONFIG });
    const { turnstile, widgets } = fakeTurnstile();
    const onLogin = vi.fn();
    const onRegister = vi.fn();
    renderWithApp(
      <>
        <Captcha action="login" onToken={onLogin} />
        <Captcha action="register" onToken={onRegister} />
      </>,
    );

    await waitFor(() => expect(turnstileScripts()).toHaveLength(1));
    act(() => {
      window.turnstile = turnstile;
      turnstileScripts()[0]?.dispatchEvent(new Event('load'));
    });

    await waitFor(() => expect(turnstile.render).toHaveBeenCalledTimes(2));
    expect(widgets.map(({ sitekey, action }) => ({ sitekey, action }))).toEqual([
      { sitekey: '1x00000000000000000000AA', action: 'login' },
      { sitekey: '1x00000000000000000000AA', action: 'register' },
    ]);
    expect(turnstileScripts()).toHaveLength(1);
  });

  it('gives a verified token, and empties it on an error (only logged) or expiry', async () => {
    mockApi({ 'GET /api/v1/config': TURNSTILE_CONFIG });
    const { turnstile, widgets } = fakeTurnstile();
    window.turnstile = turnstile;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onToken = vi.fn();
    renderWithApp(<Captcha action="reset_password" onToken={onToken} />);

    await waitFor(() => expect(widgets).toHaveLength(1));
    const widget = widgets[0]!;
    expect(widget.action).toBe('reset_password');

    act(() => widget.callback('0.real-token'));
    expect(onToken).toHaveBeenLastCalledWith('0.real-token');

    act(() => {
      expect(widget['error-callback']('300030')).toBe(true);
    });
    expect(onToken).toHaveBeenLastCalledWith('');
    expect(warn).toHaveBeenCalledWith('Security check error', '300030');

    act(() => widget.callback('0.second-token'));
    act(() => widget['expired-callback']());
    expect(onToken).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('resets the widget when asked and removes it when unmounted', async () => {
    mockApi({ 'GET /api/v1/config': TURNSTILE_CONFIG });
    const { turnstile, widgets } = fakeTurnstile();
    window.turnstile = turnstile;
    const onToken = vi.fn();
    const user = userEvent.setup({ delay: null });
    function Harness() {
      const [resets, setResets] = useState(0);
      return (
        <>
          <Captcha action="login" onToken={onToken} resetKey={resets} />
          <button type="button" onClick={() => setResets((count) => count + 1)}>
            Reset
          </button>
        </>
      );
    }
    const view = renderWithApp(<Harness />);
    await waitFor(() => expect(widgets).toHaveLength(1));
    const rendered = turnstile.render.mock.results.at(-1)?.value as string;
    expect(turnstile.reset).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(turnstile.reset).toHaveBeenCalledWith(rendered);
    expect(onToken).toHaveBeenLastCalledWith('');

    view.unmount();
    expect(turnstile.remove).toHaveBeenCalledWith(rendered);
  });
});
