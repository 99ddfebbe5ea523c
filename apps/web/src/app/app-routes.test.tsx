import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, errorBody, handle, routeUrl, server } from '../testing/server.ts';
import { buildChannels, buildPublicConfig, buildUser } from '../testing/data.ts';
import { currentLocation, renderApp } from '../testing/render-app.tsx';

const signIn = (over: Parameters<typeof buildUser>[0] = {}) => {
  api.user = buildUser(over);
  api.myChannels = buildChannels(2);
};

const waitForPath = (pathname: string) =>
  waitFor(() => expect(currentLocation().pathname).toBe(pathname), { timeout: 3000 });

describe('guards in the running app', () => {
  it('sends a signed-out visitor to login and back to the page after logging in', async () => {
    server.use(
      handle('login', () => {
        signIn();
        return { body: { user: api.user!, sessionExpiresAt: '2030-01-01T00:00:00.000Z' } };
      }),
    );
    renderApp('/reporting/keywords?range=30');
    await waitForPath('/login');
    expect(currentLocation().state).toEqual({ from: '/reporting/keywords?range=30' });

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/e-mail/i), 'creator@example.com');
    await user.type(screen.getByLabelText(/password/i), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitForPath('/reporting/keywords');
    expect(currentLocation().search).toBe('?range=30');
    expect(await screen.findByRole('heading', { name: 'Keywords' })).toBeInTheDocument();
  });

  it('sends a signed-in user from an anonymous-only page to home, which lands on discover', async () => {
    signIn();
    renderApp('/login');
    await waitForPath('/video-idea/discover');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ideation' })).toBeInTheDocument();
  });

  it('sends a signed-in user without channels to connect a channel', async () => {
    api.user = buildUser();
    renderApp('/optimization');
    await waitForPath('/setup-step1');
    expect(
      await screen.findByRole('heading', { name: 'Connect your channel' }),
    ).toBeInTheDocument();
  });

  it('lets a user without channels open account settings', async () => {
    api.user = buildUser();
    renderApp('/settings/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account settings' }),
    ).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/settings/account');
  });

  it('sends non-v2-enterprise users to service discontinuation when only-v2 is on', async () => {
    signIn({ isV2Enterprise: false });
    api.config = buildPublicConfig({ onlyV2: true });
    renderApp('/optimization');
    await waitForPath('/service-discontinuation');
    expect(
      await screen.findByRole('heading', { name: 'This service has been discontinued' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@tubewise.test' })).toBeInTheDocument();
  });

  it('redirects to login when loading the user answers 403', async () => {
    server.use(handle('me', () => ({ status: 403, body: errorBody('forbidden') })));
    renderApp('/labs');
    await waitForPath('/login');
  });

  it('shows an error with retry when loading the user answers 500', async () => {
    let fail = true;
    api.user = buildUser({ flags: 'labs_user' });
    api.myChannels = buildChannels(1);
    server.use(
      http.get(routeUrl('me'), () =>
        fail
          ? HttpResponse.json(errorBody('internal'), { status: 500 })
          : HttpResponse.json(api.user),
      ),
    );
    renderApp('/labs');
    expect(await screen.findByText(/could not load your account/i)).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/labs');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Labs' })).toBeInTheDocument();
  });

  it('shows the spinner while the user loads on a protected page', async () => {
    let release: (() => void) | undefined;
    server.use(
      http.get(routeUrl('me'), async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json(errorBody('unauthorized'), { status: 401 });
      }),
    );
    renderApp('/labs');
    await waitFor(() => expect(release).toBeDefined());
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Labs' })).not.toBeInTheDocument();
    release?.();
    await waitForPath('/login');
  });
});

describe('redirects, titles and page views', () => {
  it.each([
    ['/video-idea', '/video-idea/discover'],
    ['/reporting', '/reporting/overview'],
  ])('%s forwards to %s', async (from, to) => {
    signIn();
    renderApp(from);
    await waitForPath(to);
  });

  it('renders the 404 page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('sets the page title and records a page view', async () => {
    renderApp('/forget-password');
    await screen.findByRole('heading', { name: 'Reset your password' });
    await waitFor(() => expect(document.title).toBe('Reset your password'));
    await waitFor(() =>
      expect(api.requests.find((r) => r.route === 'pageView')?.body).toMatchObject({
        url: 'http://localhost:3000/',
        title: 'Reset your password',
      }),
    );
  });
});
