import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TrendChart from './trend-chart.tsx';

/** Elements a keyboard user can tab to. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const TREND = [
  { month: '2026-01', volume: 1200 },
  { month: '2026-02', volume: 4800 },
  { month: '2026-03', volume: 40_000 },
];

describe('TrendChart', () => {
  it('draws the series and offers nothing to tab to (the page hides it from assistive technology)', () => {
    const { container } = render(
      <div style={{ width: 600 }}>
        <TrendChart trend={TREND} />
      </div>,
    );
    expect(container.querySelector('svg')).not.toBeNull();
    expect([...container.querySelectorAll(TABBABLE)].map((el) => el.outerHTML)).toEqual([]);
  });
});
