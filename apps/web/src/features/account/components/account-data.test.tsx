import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountExport } from '@tubewise/contract';
import { ProfileNameForm } from './profile-name-form.tsx';
import { ExportDataSection, formatBytes } from './export-data-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { ACCOUNT_DELETED_TEXT } from './delete-account-dialog.tsx';
import {
  downloadAccountExport,
  EXPORT_POLL_MS,
  exportPollInterval,
} from '../api/account-exports.ts';
import { currentLocation, renderWithProviders } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import { buildPublicConfig, buildUser } from '../../../testing/data.ts';
import { registerNotifier } from '../../../lib/notify.ts';

const signedIn = () => {
  api.user = buildUser({ email: 'me@example.com', name: 'Old Name' });
  return { config: buildPublicConfig(), user: api.user };
};

function buildExport(overrides: Partial<AccountExport> = {}): AccountExport {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    finishedAt: null,
    expiresAt: null,
    bytes: null,
    downloadUrl: null,
    ...overrides,
  };
}

const ready = (overrides: Partial<AccountExport> = {}) =>
  buildExport({
    status: 'ready',
    finishedAt: '2026-03-01T10:01:00.000Z',
    expiresAt: '2026-03-08T10:01:00.000Z',
    bytes: 2_621_440,
    downloadUrl: '/api/users/me/exports/11111111-1111-4111-8111-111111111111/archive',
    ...overrides,
  });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ProfileNameForm', () => {
  it('saves the trimmed name and updates the cached user', async () => {
    server.use(
      handle('setProfileName', (body) => {
        api.user = { ...api.user!, name: (body as { name: string }).name };
        return { body: api.user };
      }),
    );
    const { queryClient } = renderWithProviders(
      <ProfileNameForm name="Old Name" />,
      '/',
      signedIn(),
    );
    const field = await screen.findByRole('textbox', { name: /^Name/ });
    expect(field).toHaveValue('Old Name');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '  Ada Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(queryClient.getQueryData<{ name: string }>(['me'])?.name).toBe('Ada Lovelace'),
    );
    expect(api.requests.find((r) => r.route === 'setProfileName')?.body).toEqual({
      name: 'Ada Lovelace',
    });
  });

  it('refuses an empty name with the message next to the field, sending nothing', async () => {
    renderWithProviders(<ProfileNameForm name="Old Name" />, '/', signedIn());
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Enter your name.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.some((r) => r.route === 'setProfileName')).toBe(false);
  });
});

describe('ExportDataSection', () => {
  it('polls only while an export is open', () => {
    expect(exportPollInterval(undefined)).toBe(false);
    expect(exportPollInterval({ exports: [] })).toBe(false);
    expect(exportPollInterval({ exports: [ready()] })).toBe(false);
    expect(exportPollInterval({ exports: [buildExport({ status: 'running' }), ready()] })).toBe(
      EXPORT_POLL_MS,
    );
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2_621_440)).toBe('2.5 MB');
  });

  it('requests an export, shows its progress while polled, then the download with size and expiry', async () => {
    let list: AccountExport[] = [];
    server.use(
      handle('accountExports', () => ({ body: { exports: list } })),
      handle('requestAccountExport', () => {
        list = [buildExport()];
        return { status: 202, body: list[0]! };
      }),
    );
    renderWithProviders(<ExportDataSection />, '/settings/account', signedIn());
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Export my data' });
    await user.click(button);
    const exports = await screen.findByRole('list', { name: 'Your exports' });
    expect(
      await within(exports).findByRole('progressbar', { name: 'Preparing your export' }),
    ).toBeInTheDocument();
    expect(within(exports).getByText(/We will e-mail you when it is ready/)).toBeInTheDocument();
    // Focus stays on the button, which refuses a second export while one is open.
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');

    // The next poll finds it ready.
    list = [ready()];
    const download = await within(exports).findByRole(
      'link',
      { name: 'Download' },
      { timeout: EXPORT_POLL_MS + 3000 },
    );
    expect(download).toHaveAttribute('href', list[0]!.downloadUrl);
    expect(within(exports).getByText(/Ready: 2\.5 MB, available until Mar 8, 2026/)).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-disabled');
    const pollsWhenReady = api.requests.filter((r) => r.route === 'accountExports').length;
    await new Promise((r) => setTimeout(r, EXPORT_POLL_MS + 500));
    expect(api.requests.filter((r) => r.route === 'accountExports').length).toBe(pollsWhenReady);
  });

  it('says why a second export is refused', async () => {
    server.use(
      handle('accountExports', () => ({ body: { exports: [ready()] } })),
      handle('requestAccountExport', () => ({
        status: 429,
        body: errorBody('rate-limited', 'You have asked for several exports today.'),
      })),
    );
    renderWithProviders(<ExportDataSection />, '/settings/account', signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have asked for several exports today.',
    );
  });

  it('highlights the export the e-mail links to (?export=<id>) and focuses it', async () => {
    const other = ready({
      id: '22222222-2222-4222-8222-222222222222',
      createdAt: '2026-02-01T10:00:00.000Z',
    });
    server.use(handle('accountExports', () => ({ body: { exports: [ready(), other] } })));
    renderWithProviders(
      <ExportDataSection />,
      '/settings/account?export=11111111-1111-4111-8111-111111111111',
      signedIn(),
    );
    const items = within(await screen.findByRole('list', { name: 'Your exports' })).getAllByRole(
      'listitem',
    );
    await waitFor(() => expect(items[0]).toHaveFocus());
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[0]).toHaveTextContent('the export from your e-mail');
    expect(items[1]).not.toHaveAttribute('aria-current');
  });

  it('says when the linked export is gone', async () => {
    server.use(handle('accountExports', () => ({ body: { exports: [] } })));
    renderWithProviders(
      <ExportDataSection />,
      '/settings/account?export=33333333-3333-4333-8333-333333333333',
      signedIn(),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The export from your e-mail is no longer available.',
    );
  });

  it('downloads through the browser after checking the export is still there', async () => {
    const item = ready();
    server.use(handle('accountExports', () => ({ body: { exports: [item] } })));
    const go = vi.fn();
    expect(await downloadAccountExport(item, go)).toBe(true);
    expect(go).toHaveBeenCalledWith(item.downloadUrl);
    server.use(handle('accountExports', () => ({ body: { exports: [] } })));
    expect(await downloadAccountExport(item, go)).toBe(false);
    expect(go).toHaveBeenCalledTimes(1);
  });
});

describe('DeleteAccountSection', () => {
  async function openDialog() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    return { user, dialog };
  }

  it('explains what goes and what stays, and asks for the password and DELETE', async () => {
    renderWithProviders(<DeleteAccountSection />, '/settings/account', signedIn());
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveTextContent(/Invoices already issued are kept/);
    expect(dialog).toHaveTextContent(/cancels your subscription/);
    const password = within(dialog).getByLabelText(/Current password/);
    expect(password).toHaveFocus();
    // Nothing is sent until both are given.
    await user.type(password, 'secret');
    await user.type(within(dialog).getByLabelText(/Type DELETE to confirm/), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Type DELETE in capital letters.')).toBeVisible();
    expect(api.requests.some((r) => r.route === 'deleteAccount')).toBe(false);
    // Escape closes it; focus goes back to the button that opened it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete my account…' })).toHaveFocus();
  });

  it('reports a wrong password and deletes nothing', async () => {
    server.use(handle('deleteAccount', () => ({ status: 400, body: errorBody('wrong-password') })));
    renderWithProviders(<DeleteAccountSection />, '/settings/account', signedIn());
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Current password/), 'wrong');
    await user.type(within(dialog).getByLabelText(/Type DELETE to confirm/), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The password is not correct. Nothing was deleted.',
    );
    expect(currentLocation().pathname).toBe('/settings/account');
  });

  it('deletes the account, signs out and goes to the login page with a notice', async () => {
    const shown: unknown[] = [];
    const unregister = registerNotifier({
      show: (message) => shown.push(message),
      close: () => {},
    });
    server.use(
      handle('deleteAccount', () => {
        api.user = null;
        return { body: { success: true } };
      }),
    );
    const { queryClient } = renderWithProviders(
      <DeleteAccountSection />,
      '/settings/account',
      signedIn(),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Current password/), 'secret');
    await user.type(within(dialog).getByLabelText(/Type DELETE to confirm/), 'DELETE');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Delete my account' })));
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(api.requests.find((r) => r.route === 'deleteAccount')?.body).toEqual({
      password: 'secret',
      confirmation: 'DELETE',
    });
    expect(queryClient.getQueryData(['me'])).toBeNull();
    expect(shown).toContain(ACCOUNT_DELETED_TEXT);
    unregister();
  });
});
