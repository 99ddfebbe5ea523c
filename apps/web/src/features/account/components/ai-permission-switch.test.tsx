import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@tubewise/contract';
import { aiQueryKey } from '../../../lib/ai-queries.ts';
import { userQueryKey } from '../../../lib/user.ts';
import { buildUser } from '../../../testing/data.ts';
import { renderApp, renderWithProviders } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import { aiAllowed } from '../api/update-ai-permission.ts';
import { AI_PERMISSION_LABEL, AiPermissionSwitch } from './ai-permission-switch.tsx';

const aiPermissionBodies = () =>
  api.requests.filter((r) => r.route === 'aiPermission').map((r) => r.body);

describe('AiPermissionSwitch', () => {
  it('is on for the default permission and off for none', () => {
    expect(aiAllowed(buildUser({ aiPermission: 'ai-generate-description' }))).toBe(true);
    expect(aiAllowed(buildUser({ aiPermission: 'none' }))).toBe(false);
  });

  it('turns the AI off, updating the cached user and refreshing AI queries', async () => {
    api.user = buildUser({ aiPermission: 'ai-generate-description' });
    const { queryClient } = renderWithProviders(<AiPermissionSwitch allowed />, '/', {
      user: api.user,
    });
    queryClient.setQueryData([...aiQueryKey, 'ch-1', 'eligibility', 'vid-1'], { eligible: true });
    const toggle = await screen.findByRole('switch', { name: AI_PERMISSION_LABEL });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Nothing is sent unless you ask/);
    await userEvent.click(toggle);
    await waitFor(() => expect(aiPermissionBodies()).toEqual([{ allowed: false }]));
    await waitFor(() =>
      expect(queryClient.getQueryData<User>(userQueryKey)?.aiPermission).toBe('none'),
    );
    expect(
      queryClient.getQueryState([...aiQueryKey, 'ch-1', 'eligibility', 'vid-1'])?.isInvalidated,
    ).toBe(true);
  });

  it('a failure leaves the switch as it was', async () => {
    server.use(handle('aiPermission', () => ({ status: 500, body: errorBody('internal') })));
    api.user = buildUser({ aiPermission: 'none' });
    renderWithProviders(<AiPermissionSwitch allowed={false} />, '/', { user: api.user });
    const toggle = await screen.findByRole('switch', { name: AI_PERMISSION_LABEL });
    await userEvent.click(toggle);
    await waitFor(() => expect(aiPermissionBodies()).toEqual([{ allowed: true }]));
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
  });
});

describe('the account settings page', () => {
  it('shows the AI switch bound to the user', async () => {
    api.user = buildUser({ aiPermission: 'none' });
    renderApp('/settings/account');
    expect(await screen.findByRole('heading', { name: 'AI suggestions' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: AI_PERMISSION_LABEL })).not.toBeChecked();
  });
});
