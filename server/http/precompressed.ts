import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Text files of the build are compressed once, at build time, at the strongest settings (Brotli quality 11, gzip
 * level 9), and written beside the original as `name.br` and `name.gz`; the static handler serves them to clients
 * that accept them (docs/decisions/120-precompressed-static-assets.md). woff2 and images other than SVG are
 * compressed already, so they are left alone.
 */
export const PRECOMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

export type ContentCoding = 'br' | 'gzip';

export const CODING_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `.br` and `.gz` beside every compressible file under `dir`; a variant not smaller than the original is skipped. */
export async function precompressDir(dir: string): Promise<{ files: number; written: number }> {
  const files = (await filesUnder(dir)).filter((file) => PRECOMPRESSED_EXTENSIONS.has(path.extname(file)));
  let written = 0;
  for (const file of files) {
    const original = await readFile(file);
    const variants: [string, Buffer][] = [
      [
        CODING_SUFFIX.br,
        await brotli(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
      ],
      [CODING_SUFFIX.gzip, await gzipAsync(original, { level: constants.Z_BEST_COMPRESSION })],
    ];
    for (const [suffix, bytes] of variants) {
      if (bytes.length >= original.length) continue;
      await writeFile(file + suffix, bytes);
      written += 1;
    }
  }
  return { files: files.length, written };
}

/**
 * The coding to answer with for an Accept-Encoding header: Brotli if the client accepts it, else gzip, else none.
 * The server's order wins over the client's among codings it accepts (q > 0), as browsers list gzip before br.
 */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepted = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return undefined;
}
