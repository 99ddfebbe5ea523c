import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render-app.tsx';
import { buildPublicConfig } from '../testing/data.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorPage } from './error-page.tsx';

function Boom(): never {
  throw new Error('render failed');
}

describe('ErrorPage', () => {
  it('replaces a crashed render with the spec texts and the support address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <ErrorBoundary fallback={<ErrorPage />}>
        <Boom />
      </ErrorBoundary>,
      '/',
      { config: buildPublicConfig({ supportEmail: 'care@tubewise.test' }) },
    );
    expect(
      await screen.findByRole('heading', { name: 'Oops! Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'care@tubewise.test' })).toHaveAttribute(
      'href',
      'mailto:care@tubewise.test',
    );
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
