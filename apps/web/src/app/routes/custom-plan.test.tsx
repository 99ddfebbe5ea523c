import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { currentLocation, renderApp } from '../../testing/render-app.tsx';
import { api } from '../../testing/server.ts';
import { buildUser } from '../../testing/data.ts';

describe('/custom-plan', () => {
  it('explains what Agency includes and offers the request form, even before any channel is connected', async () => {
    api.user = buildUser({ email: 'agency@example.com' });
    api.myChannels = [];
    renderApp('/custom-plan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Custom plan' })).toBeVisible();
    expect(
      screen.getByText(/Our largest plan, Agency, includes 10 channels, 20 people and 2,000/),
    ).toBeVisible();
    expect(screen.getByText(/answer you at/)).toHaveTextContent(
      'Need more? Tell us what you need and we will put together a plan for you and answer you at agency@example.com.',
    );
    expect(screen.getByRole('form', { name: 'Custom plan request' })).toBeVisible();
    expect(currentLocation().pathname).toBe('/custom-plan');
    expect(document.title).toMatch(/Custom plan/);
  });
});
