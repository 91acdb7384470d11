// The shop's look for e-mail: copied from the design tokens in shared/src/styles/tokens.css (the API imports
// no browser code). Keep these in step with the tokens when they change.
export const color = {
  bg: '#fbf8f3', // --color-bg
  surface: '#ffffff', // --color-surface
  surfaceMuted: '#f3ede4', // --color-surface-muted
  ink: '#1f1b16', // --color-ink
  inkSoft: '#5d554b', // --color-ink-soft
  inkFaint: '#71685d', // --color-ink-faint
  line: '#e6ddd0', // --color-line
  gold: '#8a6a2f', // --color-gold
  goldStrong: '#6f5423', // --color-gold-strong
  goldSoft: '#e9dcc0', // --color-gold-soft
  danger: '#a23b2c', // --color-danger
  success: '#2f6b4a', // --color-success
};

// The tokens' families (--font-display, --font-body) where the reader has them installed, then fonts every
// mail client has. No web font is linked: Gmail and Outlook ignore them, and a link would tell a font host
// who opens the shop's mail.
export const font = {
  display: "'Cormorant Garamond', Georgia, 'Times New Roman', serif",
  body: "Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
};
