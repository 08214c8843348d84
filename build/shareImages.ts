import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { outlineSvgText, textWidth } from '../scripts/outline-svg-text';

/**
 * The picture a link preview shows (WhatsApp, LinkedIn, X): 1200 x 630, one per public page, drawn at build time
 * from the page's own words (scripts/build-site.ts reads them from the prerendered HTML) with the page's illustration
 * beside them: a case study's cover, the dashboard on every other page. Words are drawn as outlines of the site's
 * fonts (scripts/outline-svg-text.ts), so the picture needs no font where it is rasterised.
 */

export const shareImageSize = { width: 1200, height: 630 } as const;

export interface ShareCard {
  /** Above the headline: what kind of page this is ("Case study · Web Development", "Pricing"). */
  eyebrow: string;
  /** The page's h1. */
  headline: string;
  /** One line under it: a case study's result, or the page's description, cut to fit. */
  detail: string;
  /** The illustration on the right, an SVG of src/assets/images. */
  illustration: string;
}

const colors = { from: '#172554', to: '#1d4ed8', white: '#ffffff', eyebrow: '#fdba74', detail: '#bfdbfe', accent: '#f97316' };
const textColumn = { x: 72, width: 600 };
const imagesDir = path.resolve(import.meta.dirname, '../src/assets/images');

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `text` in lines no wider than `width`, at most `maxLines`, the last one cut with an ellipsis when it overflows. */
async function wrap(text: string, font: { family: string; weight: number; size: number }, width: number, maxLines: number) {
  const measure = (line: string) => textWidth(font.family, font.weight, font.size, line);
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (const [index, word] of words.entries()) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || (await measure(candidate)) <= width) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      let last = lines.pop()!;
      while ((await measure(`${last}…`)) > width) last = last.replace(/\s*\S+$/, '');
      lines.push(`${last.replace(/[,;:]$/, '')}…`);
      return lines;
    }
    if (index === words.length - 1) break;
  }
  if (line) lines.push(line);
  return lines;
}

function textElement(x: number, y: number, font: { family: string; weight: number; size: number }, fill: string, words: string) {
  return `<text x="${x}" y="${y}" font-family="${font.family}" font-size="${font.size}" font-weight="${font.weight}" fill="${fill}">${escapeXml(words)}</text>`;
}

/** The card as an SVG whose words are outlines. */
export async function shareCardSvg(card: ShareCard): Promise<string> {
  const eyebrowFont = { family: 'Inter', weight: 700, size: 24 };
  const headlineFont = { family: 'Plus Jakarta Sans', weight: 800, size: 54 };
  const detailFont = { family: 'Inter', weight: 500, size: 28 };
  const headline = await wrap(card.headline, headlineFont, textColumn.width, 3);
  const detail = await wrap(card.detail, detailFont, textColumn.width, 2);
  const top = 236;
  const texts = [
    textElement(textColumn.x + 52, 104, { family: 'Plus Jakarta Sans', weight: 800, size: 36 }, colors.white, 'GrowthPath'),
    textElement(textColumn.x, top - 24 - 40, eyebrowFont, colors.eyebrow, card.eyebrow.toUpperCase()),
    ...headline.map((line, index) => textElement(textColumn.x, top + index * 64, headlineFont, colors.white, line)),
    ...detail.map((line, index) =>
      textElement(textColumn.x, top + headline.length * 64 + 28 + index * 38, detailFont, colors.detail, line),
    ),
  ];
  const illustration = await outlineSvgText(await readFile(path.join(imagesDir, card.illustration), 'utf8'));
  const picture = `data:image/svg+xml;base64,${Buffer.from(illustration).toString('base64')}`;
  const { width, height } = shareImageSize;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.from}"/>` +
    `<stop offset="1" stop-color="${colors.to}"/></linearGradient>` +
    `<clipPath id="art"><rect x="712" y="95" width="440" height="440" rx="28"/></clipPath></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<rect x="${textColumn.x}" y="70" width="40" height="40" rx="10" fill="${colors.accent}"/>` +
    `<rect x="${textColumn.x}" y="${height - 56}" width="120" height="6" rx="3" fill="${colors.accent}"/>` +
    `<rect x="712" y="95" width="440" height="440" rx="28" fill="${colors.white}"/>` +
    // A case study's cover fills the card (it has a background of its own); the dashboard sits inside it whole.
    (card.illustration.startsWith('case-studies/')
      ? `<image x="712" y="95" width="440" height="440" href="${picture}" preserveAspectRatio="xMidYMid slice" clip-path="url(#art)"/>`
      : `<image x="732" y="115" width="400" height="400" href="${picture}" preserveAspectRatio="xMidYMid meet"/>`) +
    (await outlineSvgText(`<svg>${texts.join('')}</svg>`)).replace(/^<svg>|<\/svg>$/g, '') +
    `</svg>`
  );
}

/** The card as a PNG. */
export async function shareCardPng(card: ShareCard): Promise<Buffer> {
  const svg = await shareCardSvg(card);
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
