// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devanagariLabelsFont, devanagariOnEnglishPages } from '../../src/content/devanagariLabels';
import { fontsDir, labelCharacters, subsetDevanagariLabels } from '../../scripts/subset-devanagari-labels';

/**
 * The Hindi words English pages show come from a subset of the Devanagari font (decision 153). A letter the subset
 * lacks would be drawn from the whole font, in the middle of a word (breaking how its letters join) and at the cost of
 * the 121 kB download the subset exists to avoid; these tests catch the words and the file drifting apart.
 */

const devanagari = /\p{Script=Devanagari}/gu;
const srcDir = path.join(process.cwd(), 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the Devanagari labels font', () => {
  it('is the subset of today’s words: npm run fonts:labels makes the committed file again byte for byte', async () => {
    const committed = readFileSync(path.join(fontsDir, devanagariLabelsFont.file));
    const fresh = await subsetDevanagariLabels();
    expect(fresh.length).toBeLessThan(30_000);
    expect(Buffer.compare(committed, fresh), 'run `npm run fonts:labels` and commit the font').toBe(0);
  });

  it('holds every Devanagari letter written outside the Hindi copy files', () => {
    const kept = new Set(labelCharacters());
    const outside = sourceFiles(srcDir)
      .filter((file) => !file.endsWith('.hi.ts'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(devanagari)].map((match) => ({ file, letter: match[0] })))
      .filter(({ letter }) => !kept.has(letter));
    expect(outside).toEqual([]);
    expect(devanagariOnEnglishPages.join('')).toMatch(devanagari);
  });

  it('is declared in index.html under its own family, with the weights it was cut to', () => {
    const html = readFileSync(path.join(process.cwd(), 'index.html'), 'utf8');
    const face = /@font-face\s*{[^}]*'Noto Sans Devanagari Labels'[^}]*}/.exec(html)?.[0];
    expect(face).toBeDefined();
    expect(face).toContain(`url(/fonts/${devanagariLabelsFont.file})`);
    expect(face).toContain(`font-weight: ${devanagariLabelsFont.weight.min} ${devanagariLabelsFont.weight.max};`);
    // Never preloaded: only the quiz's English screens draw it.
    expect(html).not.toMatch(/rel="preload"[^>]*noto-sans-devanagari/);
  });
});
