import { createGlobalStyle } from 'styled-components';

export const theme = {
  colors: {
    primary: '#a34100',
    primaryDark: '#7a3100',
    primaryLight: '#ffb68c',
    platformBackground: '#000000',
    platformText: '#f5f1ee',
    platformTextMuted: 'rgba(245, 241, 238, 0.78)',
    surface: '#ffffff',
    surfaceMuted: '#f4f1ef',
    text: '#1d1a18',
    textMuted: '#5f5752',
    border: '#ddd4cf',
    success: '#1b7a3d',
    error: '#b3261e',
    warning: '#8a5a00',
    info: '#1f5fa8',
    focus: '#ffbf47',
  },
  radius: '8px',
  shadow: '0 8px 30px rgba(0, 0, 0, 0.35)',
  font: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  breakpoints: { xs: 359, sm: 639, md: 1023, lg: 1439 },
} as const;

export type Theme = typeof theme;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; margin: 0; }
  body {
    font-family: ${theme.font};
    color: ${theme.colors.text};
    background: ${theme.colors.surface};
    -webkit-font-smoothing: antialiased;
  }
  body.platform {
    background: ${theme.colors.platformBackground};
    color: ${theme.colors.platformText};
    --focus-ring: ${theme.colors.focus};
    /* Room pages leave at the bottom for the floating navigation bar. */
    --nav-height: 72px;
  }
  /* What focus or a scroll brings into view stops above the room pages' floating navigation bar. */
  html:has(> body.platform) { scroll-padding-bottom: 96px; }
  a { color: inherit; }
  /* Focus rings: dark brown on light surfaces; dark surfaces set --focus-ring to amber (3:1 or more on both). */
  :focus-visible { outline: 3px solid var(--focus-ring, ${theme.colors.primaryDark}); outline-offset: 2px; }
  button { font: inherit; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; animation-iteration-count: 1 !important; transition-duration: 0.01ms !important; }
  }
`;
