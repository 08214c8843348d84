/**
 * `npm run fonts:subsets`: makes the font subsets in src/assets/fonts from the whole fonts beside them, each with its
 * weight axis cut to the weights it is used at:
 * - the Devanagari labels: only the letters of the Hindi words English pages show (src/content/devanagariLabels.ts,
 *   docs/decisions/153-devanagari-labels-font.md);
 * - the Latin basics of Inter and Plus Jakarta Sans: printable ASCII and the copy's typographic marks
 *   (src/content/latinBasicFonts.ts, docs/decisions/156-home-paints-before-its-code.md).
 * HarfBuzz keeps every glyph the characters can shape into (conjuncts, vowel signs, ligatures), so text renders as
 * with the whole font. The output is the same bytes for the same input; a unit test compares it with the committed
 * files.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';
import { devanagariLabelsFont, devanagariOnEnglishPages } from '../src/content/devanagariLabels';
import { latinBasicCharacters, latinBasicFonts, latinBasicWeight } from '../src/content/latinBasicFonts';

export const fontsDir = path.resolve(import.meta.dirname, '../src/assets/fonts');

export interface FontSubset {
  /** The subset's file name in src/assets/fonts. */
  file: string;
  /** The whole font it is cut from, beside it. */
  source: string;
  /** The characters it keeps, each once, in code point order. */
  characters: string;
  weight: { min: number; max: number; default?: number };
}

/** The characters of `texts`, each once, in code point order. */
export function charactersOf(texts: readonly string[]): string {
  return [...new Set([...texts.join('')])].sort().join('');
}

/** The Devanagari labels' letters: every character of the words. */
export function labelCharacters(texts: readonly string[] = devanagariOnEnglishPages): string {
  return charactersOf(texts);
}

export const fontSubsets: readonly FontSubset[] = [
  {
    file: devanagariLabelsFont.file,
    source: devanagariLabelsFont.source,
    characters: labelCharacters(),
    weight: devanagariLabelsFont.weight,
  },
  ...latinBasicFonts.map(({ file, source }) => ({
    file,
    source,
    characters: charactersOf([latinBasicCharacters]),
    weight: latinBasicWeight,
  })),
];

/** A CSS `unicode-range` naming exactly `characters`, runs of consecutive code points as ranges: `U+20-7E, U+A0`. */
export function unicodeRangeOf(characters: string): string {
  const points = [...new Set([...characters].map((character) => character.codePointAt(0)!))].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const point of points) {
    const last = runs.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else runs.push([point, point]);
  }
  const hex = (point: number) => point.toString(16).toUpperCase();
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

export async function makeSubset({ source, characters, weight }: FontSubset): Promise<Buffer> {
  const whole = await readFile(path.join(fontsDir, source));
  return subsetFont(whole, characters, { targetFormat: 'woff2', variationAxes: { wght: { ...weight } } });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const subset of fontSubsets) {
    const font = await makeSubset(subset);
    const file = path.join(fontsDir, subset.file);
    await writeFile(file, font);
    process.stdout.write(
      `${path.relative(process.cwd(), file)}: ${font.length} bytes, unicode-range: ${unicodeRangeOf(subset.characters)}\n`,
    );
  }
}
