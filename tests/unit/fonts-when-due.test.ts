import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeHash } from '../../src/app/prerender/homeHash';
import { fontsWhenDueScript, loadFontsWhenDue, takeFontPreloads, type FontsWhenDueOptions } from '../../src/app/prerender/fontsWhenDue';

/**
 * When the fonts load (docs/decisions/161-funnel-fonts-after-the-first-paint.md): preloaded beside the page, except on
 * a first visit of the quiz, where they follow the page's first paint.
 */

const options: FontsWhenDueOptions = {
  styleId: 'fonts',
  preloads: ['/assets/fonts-1/inter.woff2', '/assets/fonts-1/jakarta.woff2'],
  homeHash: homeHash.source,
  seenKey: 'fonts-seen',
  latestMs: 4000,
};

/** A window the test drives: its address, storage, frames and paint reports. */
function fakeWindow({ hash = '', seen = false, storageRefused = false, paintReported = true } = {}) {
  const doc = document.implementation.createHTMLDocument();
  const style = doc.createElement('style');
  style.id = 'fonts';
  style.textContent = "@font-face { font-family: 'Inter Variable'; src: url(/assets/fonts-1/inter.woff2); }";
  doc.head.appendChild(style);
  // A document without a browsing context parses no style sheet: the one the browser would make, as far as used.
  const fontSheet = { disabled: false };
  Object.defineProperty(style, 'sheet', { value: fontSheet });
  const fontSet = new EventTarget();
  Object.defineProperty(doc, 'fonts', { value: fontSet });
  const stored = new Map<string, string>(seen ? [['fonts-seen', '1']] : []);
  const refuse = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  const localStorage = {
    getItem: storageRefused ? refuse : (key: string) => stored.get(key) ?? null,
    setItem: storageRefused ? refuse : (key: string, value: string) => void stored.set(key, value),
  };
  const frames: FrameRequestCallback[] = [];
  const observers: Array<{ callback: PerformanceObserverCallback; connected: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = paintReported ? ['paint', 'element'] : ['element'];
    private readonly entry: { callback: PerformanceObserverCallback; connected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe() {
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const win = {
    document: doc,
    location: { hash },
    localStorage,
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  } as unknown as Window & typeof globalThis;
  return {
    win,
    doc,
    stored,
    sheet: () => fontSheet,
    preloads: () =>
      [...doc.head.querySelectorAll('link')].map((link) => [
        link.rel,
        link.getAttribute('as'),
        link.type,
        link.getAttribute('crossorigin'),
        link.getAttribute('href'),
      ]),
    paint: (name: string) => {
      const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
      for (const observer of observers) if (observer.connected) observer.callback(list, {} as PerformanceObserver);
    },
    nextFrame: () => frames.splice(0).forEach((frame) => frame(0)),
    fontLoaded: (status: FontFaceLoadStatus = 'loaded') =>
      fontSet.dispatchEvent(Object.assign(new Event('loadingdone'), { fontfaces: [{ status }] })),
  };
}

const preloaded = options.preloads.map((href) => ['preload', 'font', 'font/woff2', '', href]);

describe('loadFontsWhenDue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // Home: its first screen is in index.html, drawn in the fonts before any code runs.
  it.each(['', '#', '#/', '#main', '#/?utm_source=ad', '#?x=1'])('preloads the fonts beside the page on %j', (hash) => {
    const page = fakeWindow({ hash });
    loadFontsWhenDue(options, page.win);
    expect(page.preloads()).toEqual(preloaded);
    expect(page.sheet().disabled).toBe(false);
  });

  it.each([
    '#/get-started',
    '#/get-started?lang=hi',
    '#/pricing',
    '#/contact',
    '#/case-studies',
    '#/payment',
    '#/dashboard',
    '#/report?lang=hi',
    '#/p',
  ])('on a first visit of %j, switches the fonts on in the frame after the first paint', (hash) => {
    const page = fakeWindow({ hash });
    loadFontsWhenDue(options, page.win);
    expect(page.preloads()).toEqual([]);
    expect(page.sheet().disabled).toBe(true);
    page.paint('first-paint');
    page.nextFrame();
    expect(page.sheet().disabled).toBe(true);
    page.paint('first-contentful-paint');
    expect(page.sheet().disabled).toBe(true);
    page.nextFrame();
    expect(page.sheet().disabled).toBe(false);
  });

  it('switches them on after latestMs when no paint is reported', () => {
    const page = fakeWindow({ hash: '#/get-started' });
    loadFontsWhenDue(options, page.win);
    vi.advanceTimersByTime(3999);
    expect(page.sheet().disabled).toBe(true);
    vi.advanceTimersByTime(1);
    expect(page.sheet().disabled).toBe(false);
  });

  it('gives a browser that has had the fonts its fonts at once, on every page', () => {
    const page = fakeWindow({ hash: '#/get-started', seen: true });
    loadFontsWhenDue(options, page.win);
    expect(page.preloads()).toEqual(preloaded);
    expect(page.sheet().disabled).toBe(false);
  });

  it('remembers a browser has the fonts once one has loaded, not when they failed', () => {
    const page = fakeWindow({ hash: '#/pricing' });
    loadFontsWhenDue(options, page.win);
    expect(page.stored.get('fonts-seen')).toBeUndefined();
    page.fontLoaded('error');
    expect(page.stored.get('fonts-seen')).toBeUndefined();
    page.fontLoaded();
    expect(page.stored.get('fonts-seen')).toBe('1');
  });

  it('waits for the first paint each time when storage is refused, and never throws', () => {
    const page = fakeWindow({ hash: '#/get-started', storageRefused: true });
    loadFontsWhenDue(options, page.win);
    expect(page.sheet().disabled).toBe(true);
    expect(() => page.fontLoaded()).not.toThrow();
    page.paint('first-contentful-paint');
    page.nextFrame();
    expect(page.sheet().disabled).toBe(false);
  });

  it('preloads as before where paints are not reported', () => {
    const page = fakeWindow({ hash: '#/get-started', paintReported: false });
    loadFontsWhenDue(options, page.win);
    expect(page.preloads()).toEqual(preloaded);
    expect(page.sheet().disabled).toBe(false);
  });

  it('runs the same from its embedded source', () => {
    const page = fakeWindow({ hash: '#/get-started' });
    new Function('window', fontsWhenDueScript(options))(page.win);
    expect(page.sheet().disabled).toBe(true);
  });
});

describe('takeFontPreloads', () => {
  it('takes the font preloads out of the page, and leaves the image preload', () => {
    const html = [
      '<head>',
      '    <link rel="preload" href="/assets/images-1/hero.svg" as="image" fetchpriority="high" />',
      '    <link rel="preload" href="/assets/fonts-1/inter.woff2" as="font" type="font/woff2" crossorigin />',
      '    <link rel="preload" href="/assets/fonts-1/jakarta.woff2" as="font" type="font/woff2" crossorigin />',
      '    <style id="fonts"></style>',
      '</head>',
    ].join('\n');
    const { html: page, preloads } = takeFontPreloads(html);
    expect(preloads).toEqual(['/assets/fonts-1/inter.woff2', '/assets/fonts-1/jakarta.woff2']);
    expect(page).toBe(
      [
        '<head>',
        '    <link rel="preload" href="/assets/images-1/hero.svg" as="image" fetchpriority="high" />',
        '    <style id="fonts"></style>',
        '</head>',
      ].join('\n'),
    );
  });

  it('fails the build when the page preloads no font', () => {
    expect(() => takeFontPreloads('<head></head>')).toThrow('preloads no font');
  });
});
