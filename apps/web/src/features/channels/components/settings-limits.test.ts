import { describe, expect, it } from 'vitest';
import { channelSettings } from '@tubewise/contract';
import { buildChannelSettings } from '../../../testing/data.ts';
import { SETTINGS_LIMITS } from './channel-settings-dialog.tsx';
import { cleanChipValues } from './chip-list-field.tsx';

const ok = (overrides: Parameters<typeof buildChannelSettings>[0]) =>
  channelSettings.safeParse({ ...buildChannelSettings(), ...overrides }).success;
const list = (n: number, length = 3) =>
  Array.from({ length: n }, (_, i) => `${i}`.padStart(length, 'x'));

describe('channel settings limits', () => {
  it('match the contract schema exactly', () => {
    const L = SETTINGS_LIMITS;
    expect(ok({ topics: list(L.topics) })).toBe(true);
    expect(ok({ topics: list(L.topics + 1) })).toBe(false);
    expect(ok({ industries: list(L.industries) })).toBe(true);
    expect(ok({ industries: list(L.industries + 1) })).toBe(false);
    expect(ok({ topics: list(1, L.entryLength) })).toBe(true);
    expect(ok({ topics: list(1, L.entryLength + 1) })).toBe(false);
    expect(ok({ eeatStatement: 'x'.repeat(L.eeatStatement) })).toBe(true);
    expect(ok({ eeatStatement: 'x'.repeat(L.eeatStatement + 1) })).toBe(false);
    expect(ok({ toneOfVoice: 'x'.repeat(L.toneOfVoice) })).toBe(true);
    expect(ok({ toneOfVoice: 'x'.repeat(L.toneOfVoice + 1) })).toBe(false);
    expect(ok({ companyName: 'x'.repeat(L.companyName) })).toBe(true);
    expect(ok({ companyName: 'x'.repeat(L.companyName + 1) })).toBe(false);
  });

  it('chip values are trimmed, unique, non-empty and within the limits', () => {
    expect(cleanChipValues([' a ', 'A', '', 'b', 'toolong'], 2, 4)).toEqual(['a', 'b']);
    expect(cleanChipValues(['toolong'], 5, 4)).toEqual(['tool']);
  });
});
