// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { outlineSvgText } from '../../scripts/outline-svg-text';

/** The build's outlines of illustration text (docs/decisions/168-illustration-text-as-outlines.md); how they look is checked in Chromium by tests/e2e/illustration-text.spec.ts. */

const svg = (text: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><rect width="10" height="10"/>${text}</svg>`;
const translateOf = (out: string) => Number(/matrix\([^ ]+ 0 0 [^ ]+ ([-\d.]+) ([-\d.]+)\)/.exec(out)![1]);

describe('outlineSvgText', () => {
  it('draws each text as one path with its paint, placed by x and y, and leaves the rest alone', async () => {
    const out = await outlineSvgText(
      svg(
        '<text x="20" y="30" font-family="Inter, system-ui, sans-serif" font-size="16" font-weight="700" fill="#0b1324" opacity=".8">Leads &amp; 1,284</text>',
      ),
    );
    expect(out).not.toContain('<text');
    expect(out).toContain('<rect width="10" height="10"/>');
    const path = /<path fill="#0b1324" opacity=".8" transform="matrix\(([\d.]+) 0 0 -([\d.]+) ([\d.]+) ([\d.]+)\)" d="(m[^"]+)"\/>/.exec(
      out,
    );
    expect(path).not.toBeNull();
    const [, scale, flipped, x, y, d] = path!;
    expect(scale).toBe(flipped);
    expect(Number(scale)).toBeCloseTo(16 / 256, 6);
    expect([Number(x), Number(y)]).toEqual([20, 30]);
    // Whole numbers only, every glyph closed.
    expect(d).toMatch(/^[mlqcz\d -]+$/);
    expect(d!.split('z').length).toBeGreaterThan(12);
  });

  it('anchors a middle or end text on its x, by half or all of its width', async () => {
    const text = (anchor: string) => `<text x="100" y="30" text-anchor="${anchor}" font-family="Inter" font-size="20">+38%</text>`;
    const start = translateOf(await outlineSvgText(svg(text('start'))));
    const middle = translateOf(await outlineSvgText(svg(text('middle'))));
    const end = translateOf(await outlineSvgText(svg(text('end'))));
    expect(start).toBe(100);
    const width = start - end;
    expect(width).toBeGreaterThan(30);
    expect(width).toBeLessThan(60);
    expect(start - middle).toBeCloseTo(width / 2, 1);
  });

  it('widens a spaced text by the spacing after every letter', async () => {
    const text = (spacing: number) =>
      `<text x="100" y="30" text-anchor="end" font-family="Inter" font-size="8" font-weight="600" letter-spacing="${spacing}">GYM</text>`;
    const plain = translateOf(await outlineSvgText(svg(text(0))));
    const spaced = translateOf(await outlineSvgText(svg(text(2.2))));
    expect(plain - spaced).toBeCloseTo(3 * 2.2, 1);
  });

  it('returns an SVG without text as it was', async () => {
    const plain = svg('<circle r="4"/>');
    expect(await outlineSvgText(plain)).toBe(plain);
  });

  it('reads white space as SVG does: line breaks dropped, runs of spaces made one', async () => {
    const text = (words: string) => `<text x="100" y="30" text-anchor="end" font-family="Inter" font-size="12">${words}</text>`;
    expect(await outlineSvgText(svg(text('\n  Urban   Nest \n')))).toBe(await outlineSvgText(svg(text('Urban Nest'))));
  });

  it('stops the build rather than draw what it does not understand', async () => {
    await expect(outlineSvgText(svg("<text x='0' y='9' font-family='Inter' font-size='9'>a</text>"))).rejects.toThrow(/not understood/);
    await expect(
      outlineSvgText(svg('<g font-weight="700"><text x="0" y="9" font-family="Inter" font-size="9">a</text></g>')),
    ).rejects.toThrow(/font-weight is set outside a <text>/);
    await expect(outlineSvgText(svg('<text x="0" y="9" font-family="Comic Sans MS" font-size="9">a</text>'))).rejects.toThrow(
      /no outline font/,
    );
    await expect(outlineSvgText(svg('<text x="0" y="9" font-family="Inter" font-size="9"><tspan>a</tspan></text>'))).rejects.toThrow(
      /one run of text/,
    );
    await expect(outlineSvgText(svg('<text x="0" y="9" font-family="Inter" font-size="9" transform="rotate(9)">a</text>'))).rejects.toThrow(
      /transform/,
    );
    await expect(outlineSvgText(svg('<text x="0" y="9" font-family="Inter" font-size="1em">a</text>'))).rejects.toThrow(/plain number/);
    await expect(outlineSvgText(svg('<text x="0" y="9" font-family="Inter" font-size="9" text-anchor="inherit">a</text>'))).rejects.toThrow(
      /text-anchor/,
    );
  });
});
