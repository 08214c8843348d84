import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { outlineSvgText } from '../scripts/outline-svg-text.js';

/**
 * Fonts and images are referenced by their logical address (`/fonts/inter-….woff2`, `/images/logos/….svg`) in
 * index.html and in src/content, which stays plain data that the server can read too. The files live in
 * src/assets/<folder>; the build emits each folder as /assets/<folder>-<hash of the whole folder>/… and rewrites
 * every reference, so they are cached a year as immutable like the scripts
 * (docs/decisions/121-hashed-fonts-and-images.md). One hash per folder rather than per file: it repeats, so it costs
 * the scripts that name many images next to nothing once compressed. The dev server and the tests get the unhashed
 * source address.
 */
export function hashedFontsAndImages(): Plugin {
  const folders = ['fonts', 'images'] as const;
  const reference = /(?<=['"(])\/(fonts|images)\/([\w./-]+?\.(?:woff2|svg|png|jpe?g|webp|avif))(?=['")])/g;
  let sourceDir = '';
  /** Each folder's files as the build emits them, by path in the folder: read once the build starts. */
  const contents = new Map<string, Map<string, Buffer>>();
  const hashes = new Map<string, string>();
  let build = false;

  function filesOf(folder: string): string[] {
    return readdirSync(path.join(sourceDir, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(sourceDir, folder), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  }
  /** A file as emitted: an SVG's text drawn as outlines of the site's font (scripts/outline-svg-text.ts). */
  async function emitted(folder: string, file: string): Promise<Buffer> {
    const source = await readFile(path.join(sourceDir, folder, file));
    return file.endsWith('.svg') ? Buffer.from(await outlineSvgText(source.toString('utf8'))) : source;
  }
  // Of what is emitted, so that an outline that changes (its font, say) changes the folder's address too.
  function hashOf(folder: string): string {
    let hash = hashes.get(folder);
    if (!hash) {
      const digest = createHash('sha256');
      for (const [file, content] of contents.get(folder)!) digest.update(`${file}\0`).update(content);
      hash = digest.digest('base64url').slice(0, 8);
      hashes.set(folder, hash);
    }
    return hash;
  }
  const addressOf = (folder: string, file: string) =>
    build ? `/assets/${folder}-${hashOf(folder)}/${file}` : `/src/assets/${folder}/${file}`;
  const rewrite = (code: string) => code.replace(reference, (_match, folder: string, file: string) => addressOf(folder, file));

  return {
    name: 'hashed-fonts-and-images',
    configResolved(config) {
      build = config.command === 'build';
      sourceDir = path.join(config.root, 'src/assets');
    },
    async buildStart() {
      if (!build) return;
      for (const folder of folders) {
        const files = filesOf(folder);
        const emittedFiles = await Promise.all(files.map((file) => emitted(folder, file)));
        contents.set(folder, new Map(files.map((file, index) => [file, emittedFiles[index]!])));
      }
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.(ts|tsx)$/.test(id) || !reference.test(code)) return null;
      reference.lastIndex = 0;
      return { code: rewrite(code), map: null };
    },
    transformIndexHtml: { order: 'post', handler: (html) => rewrite(html) },
    generateBundle() {
      // Every file of each folder (index.html's references are rewritten only after this hook runs).
      for (const folder of folders) {
        for (const [file, source] of contents.get(folder)!) {
          this.emitFile({ type: 'asset', fileName: addressOf(folder, file).slice(1), source });
        }
      }
    },
  };
}
