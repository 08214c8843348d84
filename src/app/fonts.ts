/**
 * The self-hosted web fonts (OFL, licences in /fonts). English text is drawn from subsets holding printable ASCII and
 * the copy's typographic marks, weights 400-800 (src/content/latinBasicFonts.ts, npm run fonts:subsets), preloaded
 * on every page. Each family's whole Latin file is declared first, for the same weights: the browser takes the last
 * declared face that covers a character, so the whole file downloads only for a character the subset lacks. The
 * Devanagari faces have no preload: only the Hindi quiz and report, and the few Hindi labels of English pages, use
 * them. The build gives every /fonts/ address a content hash under /assets (build/hashedFontsAndImages.ts).
 */

export const fontPreloads = [
  '/fonts/inter-latin-basic-wght-400-800.woff2',
  '/fonts/plus-jakarta-sans-latin-basic-wght-400-800.woff2',
] as const;

export const fontFaces = [
  `@font-face { font-family: 'Inter Variable'; font-style: normal; font-display: swap; font-weight: 400 800; src: url(/fonts/inter-latin-wght-normal.woff2) format('woff2-variations'); unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD; }`,
  `@font-face { font-family: 'Inter Variable'; font-style: normal; font-display: swap; font-weight: 400 800; src: url(/fonts/inter-latin-basic-wght-400-800.woff2) format('woff2-variations'); unicode-range: U+20-7E, U+A0, U+A7, U+A9, U+B7, U+D7, U+E9, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026, U+2192; }`,
  `@font-face { font-family: 'Plus Jakarta Sans Variable'; font-style: normal; font-display: swap; font-weight: 400 800; src: url(/fonts/plus-jakarta-sans-latin-wght-normal.woff2) format('woff2-variations'); unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD; }`,
  `@font-face { font-family: 'Plus Jakarta Sans Variable'; font-style: normal; font-display: swap; font-weight: 400 800; src: url(/fonts/plus-jakarta-sans-latin-basic-wght-400-800.woff2) format('woff2-variations'); unicode-range: U+20-7E, U+A0, U+A7, U+A9, U+B7, U+D7, U+E9, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026, U+2192; }`,
  `@font-face { font-family: 'Noto Sans Devanagari Variable'; font-style: normal; font-display: swap; font-weight: 100 900; src: url(/fonts/noto-sans-devanagari-devanagari-wght-normal.woff2) format('woff2-variations'); unicode-range: U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF; }`,
  `@font-face { font-family: 'Noto Sans Devanagari Labels'; font-style: normal; font-display: swap; font-weight: 600 800; src: url(/fonts/noto-sans-devanagari-labels-wght-600-800.woff2) format('woff2-variations'); unicode-range: U+0900-097F, U+200C-200D, U+25CC; }`,
].join('');
