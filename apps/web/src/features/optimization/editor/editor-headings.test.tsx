import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetEditorApi } from './testing/editor-server.ts';
import { renderEditor } from './testing/render-editor.tsx';
import { setViewport } from '../../../testing/viewport.ts';

// Whole-editor tests: slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => resetEditorApi());

/** The page's headings in document order as "h<level> <text>". */
function outline(): string[] {
  return screen
    .getAllByRole('heading')
    .map((h) => `h${h.getAttribute('aria-level') ?? h.tagName.slice(1)} ${h.textContent ?? ''}`);
}

/** Headings whose level is more than one below the heading before them. */
function skippedLevels(headings: string[]): string[] {
  const levels = headings.map((h) => Number(h.slice(1, 2)));
  return headings.filter((_h, i) => levels[i]! > (i === 0 ? 1 : levels[i - 1]! + 1));
}

describe('the editor outline', () => {
  it.each([
    ['desktop', 1440],
    ['phone', 390],
  ])('starts at h1 and skips no heading level (%s)', async (_name, width) => {
    setViewport({ width });
    renderEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Loading recommendations' })).toBeNull(),
    );
    const headings = outline();
    expect(headings[0]).toMatch(/^h1 /);
    expect(headings.some((h) => h.startsWith('h2 '))).toBe(true);
    expect(skippedLevels(headings), headings.join('\n')).toEqual([]);
  });
});
