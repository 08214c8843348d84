/**
 * What a link to each public page looks like when shared in a chat: a WhatsApp-style message with the preview card
 * built from the page's Open Graph tags (title, description, picture), as a phone shows it.
 * Usage: node --import tsx scripts/link-previews.ts [baseUrl] [outDir]   (the site served by `npm start`)
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../tests/chromium';
import { publicPaths } from '../src/content/sitePages';

const [baseUrl = 'http://127.0.0.1:8080', outDir = '/tmp/link-previews'] = process.argv.slice(2);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const og = (html: string, key: string) => decode(new RegExp(`<meta property="og:${key}" content="([^"]*)"`).exec(html)?.[1] ?? '');

function chat(card: { url: string; title: string; description: string; image: string }): string {
  const host = new URL(card.url).host;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; font-family: 'Liberation Sans', Arial, sans-serif; background: #efeae2; }
    .bar { background: #008069; color: #fff; padding: 14px 16px; font-size: 18px; font-weight: 700; }
    .thread { padding: 16px 10px; display: flex; flex-direction: column; align-items: flex-end; }
    .bubble { background: #d9fdd3; border-radius: 10px; padding: 4px; max-width: 330px; box-shadow: 0 1px 1px rgba(0,0,0,.12); }
    .card { background: #cfe9c7; border-radius: 8px; overflow: hidden; }
    .card img { display: block; width: 100%; aspect-ratio: 1200 / 630; object-fit: cover; }
    .text { padding: 8px 10px; }
    .title { font-weight: 700; font-size: 15px; color: #111b21; }
    .description { font-size: 13px; color: #54656f; margin-top: 3px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
    .host { font-size: 12px; color: #667781; margin-top: 4px; }
    .message { padding: 6px 6px 2px; font-size: 15px; color: #027eb5; word-break: break-all; }
    .time { text-align: right; font-size: 11px; color: #667781; padding: 0 6px 2px; }
  </style></head><body><div class="bar">Priya (Sharma Textiles)</div><div class="thread"><div class="bubble">
    <div class="card"><img src="${escapeHtml(card.image)}" alt=""><div class="text">
      <div class="title">${escapeHtml(card.title)}</div><div class="description">${escapeHtml(card.description)}</div>
      <div class="host">${escapeHtml(host)}</div></div></div>
    <div class="message">${escapeHtml(card.url)}</div><div class="time">10:42 ✓✓</div>
  </div></div></body></html>`;
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 390, height: 560 }, deviceScaleFactor: 2 });
for (const path of publicPaths) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const image = og(html, 'image');
  // The picture from this server (the tags name the public site's address), inline: the server's
  // Cross-Origin-Resource-Policy keeps it from another page's <img>, as a chat app's servers fetch it instead.
  const picture = Buffer.from(await (await fetch(`${baseUrl}${new URL(image).pathname}`)).arrayBuffer());
  const inline = `data:image/png;base64,${picture.toString('base64')}`;
  await page.setContent(chat({ url: og(html, 'url'), title: og(html, 'title'), description: og(html, 'description'), image: inline }));
  await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0));
  const file = `${outDir}/${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}.png`;
  await page.screenshot({ path: file });
  console.log(file);
}
await browser.close();
