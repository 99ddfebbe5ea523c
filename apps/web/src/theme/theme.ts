import { createTheme } from '@mui/material/styles';

/** Brand purple; #6d28d9 on white has a 7.1:1 contrast ratio (WCAG AAA for body text). */
export const BRAND_PURPLE = '#6d28d9';

/** Warning colour (amber 700): 5.0:1 with white text, 4.7:1 as text on the page background. */
export const WARNING_ORANGE = '#b45309';
/** Info colour (sky 700): 5.9:1 with white text, 5.6:1 as text on the page background. */
export const INFO_BLUE = '#0369a1';

/** The MUI theme: purple primary, sans-serif stack, the spec's breakpoints (section 9). */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  palette: {
    mode: 'light',
    primary: { main: BRAND_PURPLE, light: '#8b5cf6', dark: '#5b21b6', contrastText: '#ffffff' },
    secondary: { main: '#0f766e', contrastText: '#ffffff' },
    // MUI's default orange (#ed6c02) and light blue (#0288d1) reach only 3.1:1 and 3.9:1 with
    // white text ("Medium" chips, warning buttons); these darker shades keep 4.5:1 (WCAG AA).
    warning: { main: WARNING_ORANGE, contrastText: '#ffffff' },
    info: { main: INFO_BLUE, contrastText: '#ffffff' },
    background: { default: '#f8f7fc', paper: '#ffffff' },
    text: { primary: '#1f1733', secondary: '#5b5570' },
  },
  typography: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 10 },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiCssBaseline: {
      styleOverrides: {
        // A visible focus ring for keyboard users on every focusable element.
        ':focus-visible': { outline: `3px solid ${BRAND_PURPLE}`, outlineOffset: 2 },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // MUI renders the subtitle variants as <h6>: a small label would be a sixth-level heading
    // and break the outline (the editor's "Optimization level" sat as h6 under an h2).
    MuiTypography: {
      defaultProps: {
        variantMapping: {
          h1: 'h1',
          h2: 'h2',
          h3: 'h3',
          h4: 'h4',
          h5: 'h5',
          h6: 'h6',
          subtitle1: 'p',
          subtitle2: 'p',
          body1: 'p',
          body2: 'p',
          inherit: 'p',
        },
      },
    },
  },
});
