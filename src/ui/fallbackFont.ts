/**
 * A stand-in for the web fonts while they download: a system font scaled to their width
 * (docs/decisions/166-fallback-font-sized-to-the-web-fonts.md).
 *
 * The fonts arrive after the first paint on a slow first visit (`font-display: swap`). Drawn in the system font
 * meanwhile, a heading wrapped to a different number of lines, and the page moved when the fonts came: on the home page
 * at 360 px, the hero's heading went from 3 lines in Roboto to 4 in Plus Jakarta Sans, and everything under it moved
 * down (a layout shift of 0.13). This family draws the same text at the web fonts' width, so the lines break in the
 * same places.
 *
 * Each face names the local fonts it can use; a face whose fonts are missing is skipped, and the browser tries the one
 * declared before it (then the next family of the stack). Arial stands for Windows, macOS and iOS, Liberation Sans (the
 * same metrics) for Linux, Roboto for Android (its `system-ui`, variable since Android 12, so its weight follows the
 * request; measured on Linux, not on a device). The faces of one weight range share it so that a missing font falls
 * back within the family. Characters no web font holds (the rupee sign) are drawn in this family too, for good.
 *
 * `size-adjust` is the web fonts' width over the local font's, measured in Chromium on the site's copy (Plus Jakarta Sans
 * 800 over Arial Bold 101.7%, Inter 400 over Arial 106.3%, both over Roboto 106.9-108.5%), then tuned until five pages
 * at six widths broke their lines where the web fonts do. Every line height here is a number or a length, so a line's
 * height does not depend on the font; where the text sits in it does (half the leading above, half below), so the
 * ascent and descent are set to the web fonts' (Inter's for the regular faces, Plus Jakarta Sans's for the bold ones,
 * which headings use), divided by `size-adjust`, which scales them too. Otherwise text moved 2-4 px up at the swap.
 */
export const fallbackFamily = 'Sized Fallback';

const faces = [
  { weight: '100 500', size: '106%', ascent: '91.4%', descent: '22.7%', sources: ['Arial', 'Liberation Sans'] },
  { weight: '600 900', size: '100.5%', ascent: '103.3%', descent: '22.1%', sources: ['Arial Bold', 'Liberation Sans Bold'] },
  { weight: '100 500', size: '106.5%', ascent: '91%', descent: '22.6%', sources: ['Roboto', 'Roboto Regular'] },
  // A variable Roboto is found by its regular name and drawn at the weight asked for.
  { weight: '600 900', size: '107.5%', ascent: '96.6%', descent: '20.7%', sources: ['Roboto Bold', 'Roboto', 'Roboto Regular'] },
];

/** The faces as CSS, written into index.html's head by the build (build/prerenderHome.ts). */
export const fallbackFontFaces = faces
  .map(
    ({ weight, size, ascent, descent, sources }) =>
      `@font-face{font-family:'${fallbackFamily}';font-weight:${weight};size-adjust:${size};ascent-override:${ascent};descent-override:${descent};src:${sources.map((name) => `local('${name}')`).join(',')}}`,
  )
  .join('');
