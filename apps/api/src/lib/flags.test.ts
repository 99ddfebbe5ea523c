import { describe, expect, it } from 'vitest';
import { hasFlag } from './flags.ts';

describe('hasFlag', () => {
  it('finds a flag among comma-separated names, spaces around them ignored', () => {
    expect(hasFlag('weekly_ideas, competition_user', 'competition_user')).toBe(true);
    expect(hasFlag(' competition_user ', 'competition_user')).toBe(true);
  });

  it('matches whole names only', () => {
    expect(hasFlag('', 'competition_user')).toBe(false);
    expect(hasFlag('competition_user_old', 'competition_user')).toBe(false);
    expect(hasFlag('competition', 'competition_user')).toBe(false);
  });
});
