import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { loadBelowFoldSections } from '../features/home/LazyBelowFold';

/**
 * Renders one page at build time (react-router.config.ts prerenders every public page): the whole page, its lazy
 * parts included, with the styled-components CSS it uses in the head. A page that throws while rendering fails the
 * build rather than shipping a page the browser would have to draw.
 */
export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  await loadBelowFoldSections();
  const sheet = new ServerStyleSheet();
  try {
    const html = await renderWhole(sheet.collectStyles(<ServerRouter context={context} url={request.url} />));
    // Replaced by a function: a replacement string would read `$'` or `$&` in the styles as patterns.
    const page = html.replace('</head>', () => `${sheet.getStyleTags()}</head>`);
    headers.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(page, { status, headers });
  } finally {
    sheet.seal();
  }
}

function renderWhole(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        pipe(sink);
      },
      onShellError: reject,
      onError: reject,
      // Every boundary in place in the markup: React would otherwise send a large one after the page, moved into
      // place by an inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
  });
}
