import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP sources ('sha256-…') that allow exactly the inline scripts of the build's index.html, and nothing else:
 * the build prerenders the home page and adds one tiny script that must run before the first paint
 * (docs/decisions/135-component-routes-and-prerendered-home.md). Read once when the server starts, from the
 * build it serves; no build (an API-only run) or no inline script means no extra source.
 */
export function inlineScriptSources(distDir: string): string[] {
  let page: string;
  try {
    page = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const sources = new Set<string>();
  for (const match of page.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\ssrc\s*=/i.test(attributes) || body.length === 0) continue;
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}
