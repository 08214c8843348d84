import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP sources ('sha256-…') that allow exactly the inline scripts of the build's pages, and nothing else: the
 * head's script that runs before the first paint (src/app/root.tsx) and React Router's hydration data and module
 * list (docs/decisions/186-real-urls-and-prerendered-pages.md). Read once when the server starts, from every HTML
 * file of the build it serves; no build (an API-only run) means no extra source.
 */
export function inlineScriptSources(distDir: string): string[] {
  const sources = new Set<string>();
  for (const file of htmlFilesUnder(distDir)) {
    const page = readFileSync(file, 'utf8');
    for (const match of page.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
      const [, attributes = '', body = ''] = match;
      // A data block (JSON-LD) is never run, so it needs no source.
      if (/\ssrc\s*=/i.test(attributes) || /\stype="application\/ld\+json"/i.test(attributes) || body.length === 0) continue;
      sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...sources].sort();
}

function htmlFilesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
