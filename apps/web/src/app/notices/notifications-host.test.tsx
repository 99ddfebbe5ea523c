// The notices notistack draws: each coloured variant shows the theme's colour with its contrast
// text (notistack's own green, orange and blue fail WCAG AA with white text).
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { getContrastRatio, hexToRgb, ThemeProvider } from '@mui/material/styles';
import { closeSnackbar } from 'notistack';
import { theme } from '../../theme/theme.ts';
import { notify } from '../../lib/notify.ts';
import NotificationsHost, { THEMED_VARIANTS } from './notifications-host.tsx';

afterEach(() => act(() => closeSnackbar()));

/** `rgb(r, g, b)` of a hex colour, as getComputedStyle reports it. */
const rgb = (hex: string): string => hexToRgb(hex);

describe('notifications host', () => {
  it.each(THEMED_VARIANTS)('a %s notice has the theme colour and AA contrast text', async (v) => {
    render(
      <ThemeProvider theme={theme}>
        <NotificationsHost />
      </ThemeProvider>,
    );
    act(() => notify(`A ${v} notice`, { variant: v }));
    const message = await screen.findByText(`A ${v} notice`);
    const content = message.closest(`.notistack-MuiContent-${v}`) as HTMLElement;
    expect(content).not.toBeNull();
    const style = getComputedStyle(content);
    const { main, contrastText } = theme.palette[v];
    expect(style.backgroundColor).toBe(rgb(main));
    expect(style.color).toBe(rgb(contrastText));
    expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(4.5);
  });
});
