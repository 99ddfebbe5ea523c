import { getContrastRatio, ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

/** WCAG AA contrast for normal-size text. */
const AA_TEXT = 4.5;
const COLOURS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

describe('theme colours', () => {
  it.each(COLOURS)('%s: its contrast text on its colour (filled chips, buttons) is AA', (name) => {
    const { main, contrastText } = theme.palette[name];
    expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(COLOURS)('%s: as text on paper and on the page background is AA', (name) => {
    const { main } = theme.palette[name];
    expect(getContrastRatio(main, theme.palette.background.paper)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(getContrastRatio(main, theme.palette.background.default)).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
  });

  it('secondary text is AA on paper and on the page background', () => {
    const { secondary } = theme.palette.text;
    expect(getContrastRatio(secondary, theme.palette.background.paper)).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
    expect(getContrastRatio(secondary, theme.palette.background.default)).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
  });
});

describe('theme typography', () => {
  it('renders the subtitle variants as paragraphs, not as sixth-level headings', () => {
    render(
      <ThemeProvider theme={theme}>
        <Typography variant="subtitle1">Small label</Typography>
        <Typography variant="subtitle2">Smaller label</Typography>
        <Typography variant="h2">A real heading</Typography>
      </ThemeProvider>,
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['A real heading']);
    expect(screen.getByText('Small label').tagName).toBe('P');
  });
});
