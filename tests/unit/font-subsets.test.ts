// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devanagariLabelsFont, devanagariOnEnglishPages } from '../../src/content/devanagariLabels';
import { latinBasicCharacters, latinBasicFonts, latinBasicWeight } from '../../src/content/latinBasicFonts';
import { fontFaces as faces, fontPreloads as preloads } from '../../src/app/fonts';
import { fontSubsets, fontsDir, labelCharacters, makeSubset, unicodeRangeOf } from '../../scripts/subset-fonts';

/**
 * The site's text is drawn from font subsets (decisions 153 and 156). A character a subset lacks is drawn from the
 * whole font: for a Hindi word on an English page in the middle of the word (breaking how its letters join), and in
 * every case at the cost of the download the subset exists to avoid. These tests catch the text, the subsets and
 * the font faces (src/app/fonts.ts) drifting apart.
 */

const srcDir = path.join(process.cwd(), 'src');
// As written: outside a build, /fonts/ addresses are rewritten to their source files (build/hashedFontsAndImages.ts).
const asWritten = (text: string) => text.replaceAll('/src/assets/fonts/', '/fonts/');
const declaredFaces = asWritten(faces);
const fontPreloads = preloads.map(asWritten);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every character of the English sources (the Hindi copy files left out) that `pattern` matches, with its file. */
function writtenCharacters(pattern: RegExp): Array<{ file: string; character: string }> {
  return sourceFiles(srcDir)
    .filter((file) => !file.endsWith('.hi.ts'))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => ({ file, character: match[0] })));
}

function fontFaces(family: string): string[] {
  return [...declaredFaces.matchAll(/@font-face\s*{[^}]*}/g)].map((match) => match[0]).filter((face) => face.includes(`'${family}'`));
}

describe('the font subsets', () => {
  it.each(fontSubsets.map((subset) => [subset.file, subset] as const))(
    '%s is what npm run fonts:subsets makes today, byte for byte',
    async (_file, subset) => {
      const committed = readFileSync(path.join(fontsDir, subset.file));
      const fresh = await makeSubset(subset);
      expect(fresh.length).toBeLessThan(30_000);
      expect(Buffer.compare(committed, fresh), 'run `npm run fonts:subsets` and commit the fonts').toBe(0);
    },
  );

  it('names each character in a unicode-range once, runs as ranges', () => {
    expect(unicodeRangeOf('cab\u00e9 ')).toBe('U+20, U+61-63, U+E9');
    expect(unicodeRangeOf(latinBasicCharacters)).toMatch(/^U\+20-7E, /);
  });
});

describe('the Devanagari labels font', () => {
  it('holds every Devanagari letter written outside the Hindi copy files', () => {
    const kept = new Set(labelCharacters());
    const missing = writtenCharacters(/\p{Script=Devanagari}/gu).filter(({ character }) => !kept.has(character));
    expect(missing).toEqual([]);
    expect(devanagariOnEnglishPages.join('')).toMatch(/\p{Script=Devanagari}/u);
  });

  it('is declared under its own family, with the weights it was cut to', () => {
    const [face] = fontFaces('Noto Sans Devanagari Labels');
    expect(face).toBeDefined();
    expect(face).toContain(`url(/fonts/${devanagariLabelsFont.file})`);
    expect(face).toContain(`font-weight: ${devanagariLabelsFont.weight.min} ${devanagariLabelsFont.weight.max};`);
    // Never preloaded: only the quiz's English screens draw it.
    expect(fontPreloads.filter((href) => href.includes('noto-sans-devanagari'))).toEqual([]);
  });
});

describe('the Latin basic fonts', () => {
  it('hold every character of the whole Latin files’ range written in the English sources', () => {
    // The whole files' range less what never renders (format characters such as a right-to-left override in a comment).
    const latinRange = /[\u0020-\u00ff\u0131\u0152\u0153\u02bb\u02bc\u02c6\u02da\u02dc\u2000-\u206f\u20ac\u2122\u2191\u2193\u2212\u2215]/gu;
    const kept = new Set(latinBasicCharacters);
    const missing = writtenCharacters(latinRange).filter(({ character }) => !kept.has(character) && !/\p{Cf}|\s/u.test(character));
    expect(missing).toEqual([]);
  });

  it.each(latinBasicFonts.map((font) => [font.family, font] as const))(
    '%s: the subset is declared after the whole file, for the same weights, and preloads only the subset',
    (_family, font) => {
      const faces = fontFaces(font.family);
      expect(faces).toHaveLength(2);
      const [whole, subset] = faces as [string, string];
      expect(whole).toContain(`url(/fonts/${font.source})`);
      expect(subset).toContain(`url(/fonts/${font.file})`);
      // The browser takes the last declared face that covers a character; both must be one family for the same weights.
      for (const face of faces) expect(face).toContain(`font-weight: ${latinBasicWeight.min} ${latinBasicWeight.max};`);
      expect(subset).toContain(`unicode-range: ${unicodeRangeOf(latinBasicCharacters)};`);
      expect(fontPreloads).toContain(`/fonts/${font.file}`);
      expect(fontPreloads.filter((href) => href.includes(font.source))).toEqual([]);
    },
  );
});
