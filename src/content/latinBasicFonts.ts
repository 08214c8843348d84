/**
 * The Latin text of the English pages is drawn from subsets of Inter and Plus Jakarta Sans that hold printable ASCII
 * and the typographic marks the copy uses, with the weight axis cut to the weights the site sets (400 to 800): less
 * than half of their whole Latin files (docs/decisions/156-home-paints-before-its-code.md). The
 * whole files stay declared behind them, so a letter outside the subset (a name typed with an accent, a word from the
 * chat) still renders in the brand's font, at the cost of that download. A unit test lists the characters written in
 * src/ that the subset lacks; after adding one here, run `npm run fonts:subsets`.
 */

const printableAscii = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).join('');

/** No-break space, § © · × é, dashes, curly quotes, bullet, ellipsis, arrow. */
const typographicMarks = '\u00a0\u00a7\u00a9\u00b7\u00d7\u00e9\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u2192';

export const latinBasicCharacters = printableAscii + typographicMarks;

/** What the site sets with these families: 400 to 800 (a request outside is drawn at the nearest end). */
export const latinBasicWeight = { min: 400, max: 800 } as const;

/** Each subset's file in src/assets/fonts, and the whole Latin file it is cut from. */
export const latinBasicFonts = [
  { family: 'Inter Variable', file: 'inter-latin-basic-wght-400-800.woff2', source: 'inter-latin-wght-normal.woff2' },
  {
    family: 'Plus Jakarta Sans Variable',
    file: 'plus-jakarta-sans-latin-basic-wght-400-800.woff2',
    source: 'plus-jakarta-sans-latin-wght-normal.woff2',
  },
] as const;
