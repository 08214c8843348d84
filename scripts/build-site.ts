/**
 * Builds the site into DIST_DIR (default dist/): React Router's build prerenders every public page
 * (react-router.config.ts), then this writes sitemap.xml and robots.txt beside them and Brotli and gzip copies of
 * every text file (docs/decisions/120-precompressed-static-assets.md). The build is made in a folder of its own
 * inside the project (the prerender resolves the project's packages from there) and moved into place when whole.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { codeAfterPaint } from '../build/pageHtml';
import { robotsTxt, sitemapXml } from '../build/seoFiles';
import { shareCardPng, type ShareCard } from '../build/shareImages';
import { siteOriginForBuild } from '../build/siteOrigin';
import { precompressDir } from '../server/http/precompressed';
import { caseStudies } from '../src/content/caseStudies';
import { notFoundPaths, publicPaths, shareImagePath } from '../src/content/sitePages';

const root = path.resolve(import.meta.dirname, '..');

export async function buildSite(distDir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const buildDir = path.join(root, '.site-build', String(process.pid));
  try {
    const code = await new Promise<number>((resolve) => {
      const child = spawn(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
        cwd: root,
        // Never in vitest's mode (vite.config.ts builds the site only outside it), whoever started this.
        env: { ...env, SITE_BUILD_DIR: buildDir, NODE_ENV: 'production', VITEST: undefined },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      // Everything the build says on stderr, but one line: React Router 7's compilers pass Vite 8 the retired
      // `envFile: false` (React Router 8 passes `envDir: false`), and Vite warns of it nine times a build.
      createInterface({ input: child.stderr }).on('line', (line) => {
        if (!line.includes('The `envFile` option is deprecated')) process.stderr.write(`${line}\n`);
      });
      child.on('close', (exitCode) => resolve(exitCode ?? 1));
    });
    if (code !== 0) throw new Error('the build failed');
    const client = path.join(buildDir, 'client');
    const origin = siteOriginForBuild(env);
    await writeFile(path.join(client, 'sitemap.xml'), sitemapXml(origin, publicPaths));
    await writeFile(path.join(client, 'robots.txt'), robotsTxt(origin));
    await writeShareImages(client);
    for (const pagePath of [...publicPaths, ...notFoundPaths]) {
      const file = path.join(client, pagePath, 'index.html');
      await writeFile(file, codeAfterPaint(await readFile(file, 'utf8')));
    }
    await precompressDir(client);
    await rm(distDir, { recursive: true, force: true });
    await cp(client, distDir, { recursive: true });
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
}

/** Every public page's link-preview picture, from the words of its prerendered HTML (build/shareImages.ts). */
async function writeShareImages(client: string): Promise<void> {
  await mkdir(path.join(client, 'og'), { recursive: true });
  for (const pagePath of publicPaths) {
    const html = await readFile(path.join(client, pagePath, 'index.html'), 'utf8');
    await writeFile(path.join(client, shareImagePath(pagePath)), await shareCardPng(shareCardOf(pagePath, html)));
  }
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();

function shareCardOf(pagePath: string, html: string): ShareCard {
  const found = (pattern: RegExp) => {
    const match = pattern.exec(html)?.[1];
    if (match === undefined) throw new Error(`share image: ${pagePath} has no ${pattern.source}`);
    return textOf(match);
  };
  const headline = found(/<h1[^>]*>([\s\S]*?)<\/h1>/);
  const description = found(/<meta name="description" content="([^"]*)"/);
  const study = caseStudies.find((candidate) => pagePath === `/case-studies/${candidate.slug}`);
  if (study) {
    return {
      eyebrow: `Case study · ${study.category}`,
      headline,
      detail: `${study.metric}. ${study.client}.`,
      illustration: study.image.replace(/^\/images\//, ''),
    };
  }
  const title = found(/<title>([^<]*)<\/title>/);
  const eyebrow =
    pagePath === '/' ? 'Digital growth on a monthly plan' : pagePath.startsWith('/legal/') ? 'Legal' : title.replace(/ \| GrowthPath$/, '');
  return { eyebrow, headline, detail: description, illustration: 'hero-dashboard.svg' };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'));
  buildSite(distDir).then(
    () => process.stdout.write(`built the site into ${distDir}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
