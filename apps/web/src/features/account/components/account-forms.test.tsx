import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { EmailNotificationsSwitch } from './email-notifications-switch.tsx';
import { setEmailErrorText } from '../api/set-email.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { renderWithProviders } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import { buildPublicConfig, buildUser } from '../../../testing/data.ts';

const signedIn = () => {
  api.user = buildUser({ email: 'old@example.com' });
  return { config: buildPublicConfig(), user: api.user };
};

async function changeEmail(email = 'new@example.com') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^New e-mail/), email);
  await user.type(screen.getByLabelText(/Current password/), 'secret');
  await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
}

describe('ChangeEmailForm', () => {
  it('maps conflict to "This e-mail is already in use"', async () => {
    server.use(handle('setEmail', () => ({ status: 409, body: errorBody('conflict') })));
    renderWithProviders(<ChangeEmailForm currentEmail="old@example.com" />, '/', signedIn());
    await changeEmail();
    expect(await screen.findByRole('alert')).toHaveTextContent('This e-mail is already in use');
  });

  it('maps any other failure to "Failed to update user email"', async () => {
    server.use(handle('setEmail', () => ({ status: 500, body: errorBody('internal') })));
    renderWithProviders(<ChangeEmailForm currentEmail="old@example.com" />, '/', signedIn());
    await changeEmail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update user email');
    expect(setEmailErrorText(new ApiError({ status: 0, code: 'network-error', message: '' }))).toBe(
      'Failed to update user email',
    );
  });

  it('sends the new e-mail with the current password and updates the cached user', async () => {
    server.use(
      handle('setEmail', (body) => ({
        body: { ...api.user!, email: (body as { email: string }).email },
      })),
    );
    const { queryClient } = renderWithProviders(
      <ChangeEmailForm currentEmail="old@example.com" />,
      '/',
      signedIn(),
    );
    await changeEmail('New@Example.com');
    await waitFor(() =>
      expect(queryClient.getQueryData<{ email: string }>(['me'])?.email).toBe('new@example.com'),
    );
    expect(api.requests.find((r) => r.route === 'setEmail')?.body).toEqual({
      email: 'new@example.com',
      password: 'secret',
    });
  });
});

describe('ChangePasswordForm', () => {
  it('reports a wrong current password', async () => {
    server.use(
      handle('updatePassword', () => ({ status: 400, body: errorBody('wrong-password') })),
    );
    renderWithProviders(<ChangePasswordForm />, '/', signedIn());
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Current password/), 'nope');
    await user.type(screen.getByLabelText(/^New password/), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your current password is incorrect.',
    );
  });
});

describe('EmailNotificationsSwitch', () => {
  it('sends the new state with PATCH and reflects the returned user', async () => {
    server.use(
      handle('emailNotifications', (body) => {
        const newState = (body as { newState: boolean }).newState;
        api.user = { ...api.user!, notificationSettings: { email: newState } };
        return { body: api.user };
      }),
    );
    renderWithProviders(<EmailNotificationsSwitch enabled />, '/', signedIn());
    const toggle = await screen.findByRole('switch', { name: 'Send me e-mail notifications' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(api.requests.find((r) => r.route === 'emailNotifications')?.body).toEqual({
        newState: false,
      }),
    );
  });
});
