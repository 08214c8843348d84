/**
 * Draws the `<text>` of the site's SVG illustrations as outlines of the site's own font, at build time
 * (build/hashedFontsAndImages.ts; docs/decisions/168-illustration-text-as-outlines.md).
 *
 * An SVG shown through `<img>` cannot load a web font, so its text was drawn in whatever sans-serif the device had
 * (DejaVu Sans, Roboto, San Francisco), at that font's widths, and finding that font held up the page's main thread:
 * on Linux the renderer asks the browser process for it and waits. As outlines, the illustration looks the same
 * everywhere and costs no font lookup. The sources keep their `<text>`, so their words stay editable.
 *
 * Only what the illustrations use is understood: one run of text per element (no `<tspan>`), placed by `x` and `y`,
 * with `font-family`, `font-size`, `font-weight`, `letter-spacing` and `text-anchor`. Anything else on a `<text>` stops
 * the build rather than being drawn wrong. Other attributes (`fill`, `opacity`) go onto the path.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';

/** The whole Latin files the web fonts are cut from, by the family name the SVGs use. */
export const outlineFonts: Record<string, string> = {
  Inter: 'inter-latin-wght-normal.woff2',
  'Plus Jakarta Sans': 'plus-jakarta-sans-latin-wght-normal.woff2',
};

const fontsDir = path.resolve(import.meta.dirname, '../src/assets/fonts');

/** The text's own attributes: read here, not carried onto the path. */
const typeAttributes = new Set(['x', 'y', 'font-family', 'font-size', 'font-weight', 'letter-spacing', 'text-anchor']);
/** Attributes a path takes as a text would. */
const carriedAttributes = new Set(['fill', 'fill-opacity', 'opacity', 'stroke', 'stroke-width', 'class', 'id']);

interface Outliner {
  hbFont: hb.Font;
  upem: number;
}

const loaded = new Map<string, Promise<Outliner>>();

function outlinerFor(family: string): Promise<Outliner> {
  let outliner = loaded.get(family);
  if (!outliner) {
    outliner = (async () => {
      const woff2 = await readFile(path.join(fontsDir, outlineFonts[family]!));
      const sfnt = await fontverter.convert(woff2, 'sfnt');
      const face = new hb.Face(new hb.Blob(new Uint8Array(sfnt)));
      return { hbFont: new hb.Font(face), upem: face.upem };
    })();
    loaded.set(family, outliner);
  }
  return outliner;
}

/** A tag's attributes; anything else in it (single quotes, a stray word) is refused rather than skipped. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const rest = tag.replace(/\s([\w:-]+)="([^"]*)"/g, (_whole, name: string, value: string) => {
    attributes.set(name, value);
    return '';
  });
  if (rest.trim() !== '') throw new Error(`outline-svg-text: <text${tag}> has attributes written in a way not understood`);
  return attributes;
}

/** The text's own attributes set anywhere else would be inherited by it: this reads a <text>'s own only. */
function refuseInheritedType(svg: string): void {
  const outside = svg.replace(/<text\b[^>]*>/g, '');
  const found = /\s(font-family|font-size|font-weight|letter-spacing|text-anchor|font|style)=/.exec(outside);
  if (found) throw new Error(`outline-svg-text: ${found[1]} is set outside a <text>, which would inherit it`);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (entities[name] ?? whole),
  );

function number(attributes: Map<string, string>, name: string, fallback?: number): number {
  const text = attributes.get(name);
  if (text === undefined) {
    if (fallback === undefined) throw new Error(`outline-svg-text: a <text> has no ${name}`);
    return fallback;
  }
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`outline-svg-text: ${name}="${text}" is not a plain number`);
  return value;
}

/**
 * One `<text>` element as a path: its outline on a grid of the font's units (whole numbers, each point relative to the
 * one before, which keeps the file small) and the transform that places and scales them into the SVG's user units.
 */
async function outline(attributes: Map<string, string>, text: string): Promise<{ d: string; transform: string }> {
  const families = (attributes.get('font-family') ?? '').split(',').map((name) => name.trim().replace(/^['"]|['"]$/g, ''));
  const family = families.find((name) => name in outlineFonts);
  if (!family) throw new Error(`outline-svg-text: no outline font for font-family="${attributes.get('font-family')}"`);
  const { hbFont, upem } = await outlinerFor(family);
  const size = number(attributes, 'font-size');
  const weight = attributes.get('font-weight') === 'bold' ? 700 : number(attributes, 'font-weight', 400);
  // Points snap to a 256th of the size (0.07 px at 18 px): far below a pixel, and numbers of three digits or fewer.
  const grid = upem / 256;
  const scale = (size / upem) * grid;
  const spacing = (number(attributes, 'letter-spacing', 0) / size) * upem;
  hbFont.setVariations([new hb.Variation('wght', weight)]);

  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  // As Chromium does: letters spaced apart are not joined into ligatures.
  hb.shape(hbFont, buffer, spacing === 0 ? undefined : [new hb.Feature('liga', 0), new hb.Feature('clig', 0)]);
  const glyphs = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  // As a browser spaces letters: after every one, the last included.
  const width = positions.reduce((sum, position) => sum + position.xAdvance + spacing, 0);
  const anchor = attributes.get('text-anchor') ?? 'start';
  if (!['start', 'middle', 'end'].includes(anchor)) throw new Error(`outline-svg-text: text-anchor="${anchor}"`);
  const shift = anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0;

  const d: string[] = [];
  let penX = 0;
  // The pen's last point, in the path's coordinates: every command after the first is written relative to it.
  let [lastX, lastY] = [0, 0];
  for (const [index, glyph] of glyphs.entries()) {
    const position = positions[index]!;
    const [originX, originY] = [penX + position.xOffset, position.yOffset];
    let [startX, startY] = [0, 0];
    for (const { type, values } of hbFont.glyphToJson(glyph.codepoint)) {
      if (type === 'Z') {
        d.push('z');
        [lastX, lastY] = [startX, startY];
        continue;
      }
      const parts: number[] = [];
      let [x, y] = [lastX, lastY];
      for (let i = 0; i < values.length; i += 2) {
        [x, y] = [Math.round((originX + values[i]!) / grid), Math.round((originY + values[i + 1]!) / grid)];
        parts.push(x - lastX, y - lastY);
      }
      d.push(`${type.toLowerCase()}${parts.join(' ').replace(/ -/g, '-')}`);
      [lastX, lastY] = [x, y];
      if (type === 'M') [startX, startY] = [x, y];
    }
    penX += position.xAdvance + spacing;
  }
  // Font units have y upwards, the SVG's go down: the transform flips them.
  const s = Math.round(scale * 1e6) / 1e6;
  const x = Math.round((number(attributes, 'x') - (shift / grid) * scale) * 100) / 100;
  const transform = `matrix(${s} 0 0 ${-s} ${x} ${number(attributes, 'y')})`;
  return { d: d.join(''), transform };
}

/** How wide `text` is drawn in one of the outline fonts, in the units of `size`: for laying out words before drawing. */
export async function textWidth(family: string, weight: number, size: number, text: string): Promise<number> {
  if (!(family in outlineFonts)) throw new Error(`outline-svg-text: no outline font for ${family}`);
  const { hbFont, upem } = await outlinerFor(family);
  hbFont.setVariations([new hb.Variation('wght', weight)]);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(hbFont, buffer);
  return (buffer.getGlyphPositions().reduce((sum, position) => sum + position.xAdvance, 0) / upem) * size;
}

/** `svg` with each `<text>` drawn as a path of the same words in the named font; unchanged when it has none. */
export async function outlineSvgText(svg: string): Promise<string> {
  const texts = [...svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)];
  if (texts.length === 0) return svg;
  refuseInheritedType(svg);
  let result = svg;
  for (const [whole, tag, content] of texts) {
    if (content!.includes('<')) throw new Error(`outline-svg-text: <text> holds markup (${whole}): one run of text only`);
    const attributes = attributesOf(tag!);
    for (const name of attributes.keys()) {
      if (!typeAttributes.has(name) && !carriedAttributes.has(name)) throw new Error(`outline-svg-text: <text ${name}> is not understood`);
    }
    // SVG's default white space: line breaks dropped, runs of spaces made one, none at either end.
    const words = decode(content!)
      .replace(/[\r\n]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    const { d, transform } = await outline(attributes, words);
    const carried = [...attributes].filter(([name]) => carriedAttributes.has(name)).map(([name, value]) => ` ${name}="${value}"`);
    result = result.replace(whole!, () => `<path${carried.join('')} transform="${transform}" d="${d}"/>`);
  }
  return result;
}
