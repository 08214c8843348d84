/**
 * `npm run fonts:labels`: makes src/assets/fonts/noto-sans-devanagari-labels-….woff2, the subset of Noto Sans
 * Devanagari that holds only the letters of the Hindi words English pages show (src/content/devanagariLabels.ts),
 * with its weight axis cut to the weights those words use (docs/decisions/153-devanagari-labels-font.md).
 * HarfBuzz keeps every glyph the letters can shape into (conjuncts, vowel signs), so the words render as with the
 * whole font. The output is the same bytes for the same input; a unit test compares it with the committed file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';
import { devanagariLabelsFont, devanagariOnEnglishPages } from '../src/content/devanagariLabels';

export const fontsDir = path.resolve(import.meta.dirname, '../src/assets/fonts');

/** The letters to keep: every character of the words, each once, in code point order. */
export function labelCharacters(texts: readonly string[] = devanagariOnEnglishPages): string {
  return [...new Set([...texts.join('')])].sort().join('');
}

export async function subsetDevanagariLabels(): Promise<Buffer> {
  const whole = await readFile(path.join(fontsDir, devanagariLabelsFont.source));
  return subsetFont(whole, labelCharacters(), {
    targetFormat: 'woff2',
    variationAxes: { wght: { ...devanagariLabelsFont.weight } },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const subset = await subsetDevanagariLabels();
  const file = path.join(fontsDir, devanagariLabelsFont.file);
  await writeFile(file, subset);
  process.stdout.write(`${path.relative(process.cwd(), file)}: ${subset.length} bytes, letters "${labelCharacters()}"\n`);
}
