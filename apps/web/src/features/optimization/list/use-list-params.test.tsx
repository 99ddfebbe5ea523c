import { Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useSearchParams } from 'react-router';
import { useListParams } from './use-list-params.ts';

/** A promise that never settles: whatever reads it stays suspended. */
const forever = new Promise<never>(() => undefined);

/** Stands for a slow list: it suspends as soon as the URL asks for drafts only. */
function SlowList() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('drafts') === 'true') use(forever);
  return <p>List for “{searchParams.toString()}”</p>;
}

function Filters() {
  const { state, setFilters } = useListParams();
  return (
    <label>
      <input
        type="checkbox"
        role="switch"
        checked={state.drafts}
        onChange={(e) => setFilters({ drafts: e.target.checked })}
      />
      Drafts
    </label>
  );
}

describe('useListParams', () => {
  it('shows a chosen filter at once, while the URL change is still rendering', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/optimization?sort=level&order=asc']}>
        <Suspense fallback={<p>Loading…</p>}>
          <Filters />
          <SlowList />
        </Suspense>
      </MemoryRouter>,
    );
    const drafts = screen.getByRole('switch', { name: 'Drafts' });
    expect(drafts).not.toBeChecked();

    await user.click(drafts);

    // The router's transition is held up by the suspended list: the old list stays on screen,
    // and the switch already shows the person's choice.
    expect(screen.getByRole('switch', { name: 'Drafts' })).toBeChecked();
    expect(screen.getByText('List for “sort=level&order=asc”')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
