import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import VisibilityChart from './visibility-chart.tsx';

/** Elements a keyboard user can tab to. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

describe('VisibilityChart', () => {
  it('draws visibility and the top-20 share and offers nothing to tab to (the page hides it)', () => {
    const { container } = render(
      <div style={{ width: 600 }}>
        <VisibilityChart
          visibility={[
            { day: '2026-11-18', score: 20, checked: 3, ranked: 2 },
            { day: '2026-11-19', score: 25.5, checked: 3, ranked: 3 },
            { day: '2026-11-20', score: 30, checked: 3, ranked: 3 },
          ]}
          share={[
            { day: '2026-11-18', slots: 60, own: 3, share: 5 },
            { day: '2026-11-20', slots: 60, own: 6, share: 10 },
          ]}
        />
      </div>,
    );
    expect(container.querySelector('svg')).not.toBeNull();
    expect([...container.querySelectorAll(TABBABLE)].map((el) => el.outerHTML)).toEqual([]);
  });
});
