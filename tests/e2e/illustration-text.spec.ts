import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { outlineFonts, outlineSvgText } from '../../scripts/outline-svg-text';

/**
 * The illustrations' words are drawn as outlines of the site's font by the build
 * (docs/decisions/168-illustration-text-as-outlines.md): an SVG shown through <img> cannot load a web font, so its
 * text used to come out in whatever sans-serif the device had.
 */

const imagesDir = path.resolve('src/assets/images');
const withText = readdirSync(imagesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.svg'))
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => readFileSync(path.join(imagesDir, file), 'utf8').includes('<text'))
  .sort();

const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * The source as the designer meant it: its text in Inter, the font embedded in the SVG (an image may use a font given
 * as data, never one it would have to fetch).
 */
function withEmbeddedFont(svg: string): string {
  const font = readFileSync(path.resolve('src/assets/fonts', outlineFonts.Inter!)).toString('base64');
  const face = `<style>@font-face{font-family:Inter;font-weight:100 900;src:url(data:font/woff2;base64,${font})}</style>`;
  return svg.replace(/(<svg\b[^>]*>)/, `$1${face}`);
}

const withoutText = (svg: string) => svg.replace(/<text\b[\s\S]*?<\/text>/g, '');

/**
 * For each image after the first: how many of its pixels differ from the first's by more than 48 in a channel, all
 * drawn at six times their size (so that an edge's antialiasing is a small part of a letter).
 */
async function differingPixels(page: Page, svgs: string[]): Promise<number[]> {
  return page.evaluate(async (uris) => {
    const draw = async (uri: string) => {
      const image = new Image();
      image.src = uri;
      await image.decode();
      // An embedded font may still be on its way when the image reports it is decoded.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.naturalWidth * 6, image.naturalHeight * 6];
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return context.getImageData(0, 0, canvas.width, canvas.height).data;
    };
    const [first, ...others] = await Promise.all(uris.map(draw));
    return others.map((pixels) => {
      let count = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const channels = [0, 1, 2, 3].map((c) => Math.abs(pixels[i + c]! - first![i + c]!));
        if (Math.max(...channels) > 48) count += 1;
      }
      return count;
    });
  }, svgs.map(dataUri));
}

test.describe('illustration text', () => {
  test('the build serves every illustration with its words as outlines, none as text', async ({ page, request }) => {
    expect(withText.length).toBeGreaterThan(0);
    await page.goto('/');
    const hero = await page.locator('img[src*="hero-dashboard.svg"]').first().getAttribute('src');
    const folder = /^\/assets\/images-[\w-]+\//.exec(hero ?? '')?.[0];
    expect(folder, `the hero's address: ${hero}`).toBeTruthy();
    for (const file of withText) {
      const served = await (await request.get(`${folder}${file}`)).text();
      expect(served, file).toContain('<path');
      expect(served, file).not.toContain('<text');
    }
  });

  for (const file of withText) {
    test(`${file}: the outlines look as its text does in Inter`, async ({ page }) => {
      const source = readFileSync(path.join(imagesDir, file), 'utf8');
      const [ink = 0, outlineMismatch = Infinity, systemFontMismatch = 0] = await differingPixels(page, [
        withEmbeddedFont(source),
        withEmbeddedFont(withoutText(source)),
        await outlineSvgText(source),
        // What an <img> of the source draws: the text in this machine's own sans-serif.
        source,
      ]);
      // The words are there, and another font is told apart (this machine's: 0.43-1.25 of the ink differs).
      expect(ink).toBeGreaterThan(1_000);
      expect(systemFontMismatch / ink).toBeGreaterThan(0.3);
      // Only the edges' antialiasing differs (0.03-0.13 of the ink: text and paths are smoothed differently, and
      // no offset of the outlines matches better); a letter out of place or a wrong width would not pass.
      expect(outlineMismatch / ink, `${outlineMismatch} of ${ink} pixels of ink`).toBeLessThan(0.2);
    });
  }
});
