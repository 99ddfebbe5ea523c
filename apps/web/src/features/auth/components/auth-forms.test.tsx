import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LoginForm, loginErrorText, CROSS_ORIGIN_TEXT } from './login-form.tsx';
import { ForgetPasswordForm } from './forget-password-form.tsx';
import { SetPasswordForm, PASSWORD_RULES_TEXT } from './set-password-form.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { renderWithProviders } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, routeUrl, server } from '../../../testing/server.ts';
import { buildPublicConfig } from '../../../testing/data.ts';

const cache = { config: buildPublicConfig(), user: null };

async function submitLogin(email = 'Creator@Example.com ', password = 'pw') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/E-mail/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('sends the e-mail normalised by the contract schema', async () => {
    server.use(handle('login', () => ({ status: 401, body: errorBody('invalid-credentials') })));
    renderWithProviders(<LoginForm />, '/login', cache);
    await submitLogin();
    await screen.findByRole('alert');
    expect(api.requests.find((r) => r.route === 'login')?.body).toEqual({
      email: 'creator@example.com',
      password: 'pw',
    });
  });

  it('shows "Invalid e-mail or password" on 401', async () => {
    server.use(handle('login', () => ({ status: 401, body: errorBody('invalid-credentials') })));
    renderWithProviders(<LoginForm />, '/login', cache);
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password');
  });

  it("shows the server's message on 429", async () => {
    server.use(
      handle('login', () => ({
        status: 429,
        body: errorBody('rate-limited', 'Too many attempts. Try again in 15 minutes.'),
      })),
    );
    renderWithProviders(<LoginForm />, '/login', cache);
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 15 minutes.',
    );
  });

  it('treats a failure without HTTP status as a cross-origin error', async () => {
    server.use(http.post(routeUrl('login'), () => HttpResponse.error()));
    renderWithProviders(<LoginForm />, '/login', cache);
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(CROSS_ORIGIN_TEXT);
    expect(CROSS_ORIGIN_TEXT).toMatch(/cross-origin/);
    expect(loginErrorText(new ApiError({ status: 403, code: 'cross-origin', message: '' }))).toBe(
      CROSS_ORIGIN_TEXT,
    );
  });

  it('validates before sending and links to password reset', async () => {
    renderWithProviders(<LoginForm />, '/login', cache);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(api.requests.some((r) => r.route === 'login')).toBe(false);
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
  });
});

describe('sign-in form accessibility', () => {
  it('marks invalid fields, describes them with the message and focuses the first one', async () => {
    renderWithProviders(<LoginForm />, '/login', cache);
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/E-mail/);
    const password = screen.getByLabelText(/Password/);
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.type(password, 'pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(email).toHaveFocus();
    expect(password).toHaveAttribute('aria-invalid', 'false');
    // After the first submit the message follows the input as it is corrected.
    await user.type(email, 'a@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
  });

  it('set password: the confirmation is described by its mismatch message', async () => {
    renderWithProviders(<SetPasswordForm token="t1" />, '/set-password', cache);
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/Confirm new password/);
    expect(password).toHaveAccessibleDescription(PASSWORD_RULES_TEXT);
    await user.type(password, 'a long passphrase');
    await user.type(confirm, 'something else');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('The passwords do not match.');
    expect(confirm).toHaveFocus();
    expect(api.requests.some((r) => r.route === 'setPassword')).toBe(false);
  });

  it('forget password: an invalid e-mail is not sent', async () => {
    renderWithProviders(<ForgetPasswordForm />, '/forget-password', cache);
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/E-mail/);
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(api.requests.some((r) => r.route === 'forget')).toBe(false);
  });
});

describe('ForgetPasswordForm', () => {
  it('always confirms with the "if an account exists" state', async () => {
    server.use(handle('forget', () => ({ body: { success: true } })));
    renderWithProviders(<ForgetPasswordForm />, '/forget-password', cache);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /If an account exists for someone@example.com, we sent a link/,
    );
  });

  it('reports rate limiting with the server message', async () => {
    server.use(
      handle('forget', () => ({ status: 429, body: errorBody('rate-limited', 'Slow down') })),
    );
    renderWithProviders(<ForgetPasswordForm />, '/forget-password', cache);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail/), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down');
  });
});

describe('SetPasswordForm', () => {
  const fill = async (password = 'a long passphrase', confirm = password) => {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), password);
    await user.type(screen.getByLabelText(/Confirm new password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
  };

  it('shows the password rules', async () => {
    renderWithProviders(<SetPasswordForm token="t1" />, '/set-password', cache);
    expect(await screen.findByText(PASSWORD_RULES_TEXT)).toBeInTheDocument();
    expect(PASSWORD_RULES_TEXT).toMatch(/At least 8 characters/);
  });

  it('success: sends token and password, then links to login', async () => {
    server.use(handle('setPassword', () => ({ body: { success: true } })));
    renderWithProviders(<SetPasswordForm token="t1" />, '/set-password', cache);
    await fill();
    expect(await screen.findByRole('link', { name: 'Go to log in' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(api.requests.find((r) => r.route === 'setPassword')?.body).toEqual({
      token: 't1',
      password: 'a long passphrase',
    });
  });

  it('invalid token (400): explains and links to a new request', async () => {
    server.use(
      handle('setPassword', () => ({ status: 400, body: errorBody('invalid-token', 'Bad') })),
    );
    renderWithProviders(<SetPasswordForm token="t1" />, '/set-password', cache);
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(/invalid or has expired/);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
  });

  it('internal error: asks to retry and keeps the form', async () => {
    server.use(handle('setPassword', () => ({ status: 500, body: errorBody('internal') })));
    renderWithProviders(<SetPasswordForm token="t1" />, '/set-password', cache);
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(/Please try again/);
    expect(screen.getByRole('button', { name: 'Set password' })).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a common password", async () => {
    server.use(
      handle('setPassword', () => ({
        status: 400,
        body: errorBody('weak-password', 'This password is too common.'),
      })),
    );
    renderWithProviders(<SetPasswordForm token="t1" />, '/set-password', cache);
    await fill('password123');
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
  });

  it('checks length and confirmation locally', async () => {
    renderWithProviders(<SetPasswordForm token="t1" />, '/set-password', cache);
    await fill('short', 'other');
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    await waitFor(() => expect(api.requests.some((r) => r.route === 'setPassword')).toBe(false));
  });

  it('without a token shows the invalid link state', async () => {
    renderWithProviders(<SetPasswordForm token={null} />, '/set-password', cache);
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
