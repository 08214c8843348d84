/** fontverter ships no types: the one call scripts/outline-svg-text.ts makes. */
declare module 'fontverter' {
  const fontverter: {
    convert(font: Uint8Array, toFormat: 'sfnt' | 'truetype' | 'woff' | 'woff2', fromFormat?: string): Promise<Buffer>;
  };
  export default fontverter;
}
