import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStartScript, startAppWhenDue, takeEntryTags, type AppStartOptions } from '../../src/app/prerender/appStart';
import { homeHash } from '../../src/app/prerender/homeHash';
import { leanHead } from '../../src/app/prerender/leanHead';

/**
 * When the app's code starts loading (docs/decisions/156-home-paints-before-its-code.md): on the prerendered home page
 * after it has loaded and shown its first screen, or at once when the visitor acts; on any other page at once.
 */

const options: AppStartOptions = {
  entry: '/assets/index-1.js',
  modules: ['/assets/runtime-1.js', '/assets/vendor-1.js'],
  routePreloads: '/assets/route-preloads-1.js',
  elsewhereClass: 'route-elsewhere',
  homeHash: homeHash.source,
  latestMs: 5000,
  settleMs: 1000,
};

/**
 * A window the test drives: its own document (parsing or not), frames on demand, and Element Timing reports. Module
 * scripts added to it "run" at once (their `load` fires) unless `runsModules` is false.
 */
function fakeWindow({ parsing = false, elsewhere = false, elementTiming = true, runsModules = true } = {}) {
  const doc = document.implementation.createHTMLDocument();
  if (runsModules) {
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (node instanceof HTMLScriptElement && node.type === 'module') node.dispatchEvent(new Event('load'));
      }
    }).observe(doc.head, { childList: true });
  }
  let readyState: DocumentReadyState = parsing ? 'loading' : 'interactive';
  Object.defineProperty(doc, 'readyState', { get: () => readyState });
  if (elsewhere) doc.documentElement.classList.add(options.elsewhereClass);
  const events = new EventTarget();
  let frames: FrameRequestCallback[] = [];
  const observers: Array<(entries: Array<{ identifier: string }>) => void> = [];
  class FakeObserver {
    static supportedEntryTypes = elementTiming ? ['element', 'largest-contentful-paint'] : ['largest-contentful-paint'];
    constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {}
    observe() {
      observers.push((entries) => this.callback({ getEntries: () => entries }));
    }
    disconnect() {}
  }
  const location = { hash: '' };
  const win = {
    document: doc,
    location,
    innerHeight: 800,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    PerformanceObserver: FakeObserver,
  } as unknown as Window & typeof globalThis;
  return {
    win,
    doc,
    /** Runs the frame callbacks queued so far (those they queue wait for the next frame). */
    frame() {
      const due = frames;
      frames = [];
      for (const callback of due) callback(0);
    },
    parsed() {
      readyState = 'interactive';
      doc.dispatchEvent(new Event('DOMContentLoaded'));
    },
    loaded() {
      readyState = 'complete';
      events.dispatchEvent(new Event('load'));
    },
    act(type: string) {
      events.dispatchEvent(new Event(type));
    },
    /** A link followed: the address's hash changes. */
    follow(hash: string) {
      location.hash = hash;
      events.dispatchEvent(new Event('hashchange'));
    },
    report(identifier: string) {
      for (const observer of observers) observer([{ identifier }]);
    },
    /** What the script has asked for so far, in order. */
    requested() {
      return [...doc.head.children].map((element) =>
        element instanceof HTMLScriptElement
          ? `script ${element.type || 'classic'} ${element.getAttribute('src')}`
          : `${element.getAttribute('rel')} ${element.getAttribute('href')}`,
      );
    },
  };
}

/** An element of the first screen whose paint the script waits for, at `top` px. */
function marked(doc: Document, identifier: string, top: number): HTMLImageElement {
  const element = doc.createElement('img');
  element.setAttribute('elementtiming', identifier);
  element.getBoundingClientRect = () => ({ top, bottom: top + 300, width: 300, height: 300 }) as DOMRect;
  return doc.body.appendChild(element);
}

const preloads = ['modulepreload /assets/index-1.js', 'modulepreload /assets/runtime-1.js', 'modulepreload /assets/vendor-1.js'];
/** The entry's imports run first, each as a script of its own (decision 159), then the entry. */
const framework = ['script module /assets/runtime-1.js', 'script module /assets/vendor-1.js'];
const entry = 'script module /assets/index-1.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('on another page than home', () => {
  it('fetches the code and the route table at once, and runs the entry once both the table and the parse are done', async () => {
    const page = fakeWindow({ parsing: true, elsewhere: true });
    startAppWhenDue(options, page.win);
    expect(page.requested()).toEqual(['script classic /assets/route-preloads-1.js', ...preloads]);
    page.parsed();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.requested()).not.toContain(entry);
    page.doc.head.querySelector('script')!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(page.requested().at(-1)).toBe(entry);
  });

  it('runs the entry even when the route table fails to load', async () => {
    const page = fakeWindow({ elsewhere: true });
    startAppWhenDue(options, page.win);
    page.doc.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(page.requested().filter((request) => request === entry)).toHaveLength(1);
  });

  it("runs the entry's imports one at a time, each once the one before has run, then the entry, even past a failure", async () => {
    const page = fakeWindow({ elsewhere: true, runsModules: false });
    startAppWhenDue(options, page.win);
    page.doc.head.querySelector('script')!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    const modules = () => [...page.doc.head.querySelectorAll('script[type="module"]')];
    expect(modules().map((script) => script.getAttribute('src'))).toEqual(['/assets/runtime-1.js']);
    modules()[0]!.dispatchEvent(new Event('load'));
    expect(modules().map((script) => script.getAttribute('src'))).toEqual(['/assets/runtime-1.js', '/assets/vendor-1.js']);
    modules()[1]!.dispatchEvent(new Event('error'));
    expect(page.requested()).toEqual(['script classic /assets/route-preloads-1.js', ...preloads, ...framework, entry]);
  });
});

describe('on the home page', () => {
  it('waits for load and the next frame when nothing on the first screen is marked', async () => {
    const page = fakeWindow({ parsing: true });
    startAppWhenDue(options, page.win);
    page.parsed();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.requested()).toEqual([]);
    page.loaded();
    page.frame();
    expect(page.requested()).toEqual([]);
    page.frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(page.requested()).toEqual([...preloads, ...framework, entry]);
  });

  it('waits for the marked elements on the first screen to be reported painted, not for those below it', async () => {
    const page = fakeWindow();
    marked(page.doc, 'hero', 400);
    marked(page.doc, 'below', 1600);
    startAppWhenDue(options, page.win);
    page.loaded();
    page.frame();
    page.frame();
    await vi.advanceTimersByTimeAsync(500);
    expect(page.requested()).toEqual([]);
    page.report('hero');
    await vi.advanceTimersByTimeAsync(0);
    expect(page.requested()).toEqual([...preloads, ...framework, entry]);
  });

  it('starts settleMs after load when the paint is never reported, and without reports two frames after load', async () => {
    const unreported = fakeWindow();
    marked(unreported.doc, 'hero', 0);
    startAppWhenDue(options, unreported.win);
    unreported.loaded();
    unreported.frame();
    await vi.advanceTimersByTimeAsync(options.settleMs - 1);
    expect(unreported.requested()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(unreported.requested()).toEqual([...preloads, ...framework, entry]);

    const withoutReports = fakeWindow({ elementTiming: false });
    marked(withoutReports.doc, 'hero', 0);
    startAppWhenDue(options, withoutReports.win);
    withoutReports.loaded();
    withoutReports.frame();
    withoutReports.frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(withoutReports.requested()).toEqual([...preloads, ...framework, entry]);
  });

  it.each(['pointerdown', 'touchstart', 'keydown', 'click', 'hashchange'])('starts at once on %s, and only once', async (type) => {
    const page = fakeWindow({ parsing: true });
    startAppWhenDue(options, page.win);
    page.act(type);
    expect(page.requested()).toEqual(preloads);
    page.parsed();
    await vi.advanceTimersByTimeAsync(0);
    page.act('keydown');
    page.loaded();
    page.frame();
    page.frame();
    await vi.advanceTimersByTimeAsync(options.latestMs);
    expect(page.requested()).toEqual([...preloads, ...framework, entry]);
  });

  it('asks for the route table when a link leads from home to another page, once, and not for a home address', async () => {
    const page = fakeWindow();
    startAppWhenDue(options, page.win);
    page.act('pointerdown');
    page.follow('#main');
    page.follow('#/?utm=x');
    expect(page.requested()).not.toContain('script classic /assets/route-preloads-1.js');
    page.follow('#/get-started');
    page.follow('#/pricing');
    expect(page.requested().filter((request) => request === 'script classic /assets/route-preloads-1.js')).toHaveLength(1);
  });

  it('looks for the first screen no more once the visitor started the code', async () => {
    const page = fakeWindow();
    const measure = vi.spyOn(marked(page.doc, 'hero', 0), 'getBoundingClientRect');
    startAppWhenDue(options, page.win);
    page.act('keydown');
    page.loaded();
    page.frame();
    expect(measure).not.toHaveBeenCalled();
  });

  it('starts latestMs after the parse at the latest, should load be held up', async () => {
    const page = fakeWindow({ parsing: true });
    startAppWhenDue(options, page.win);
    page.parsed();
    await vi.advanceTimersByTimeAsync(options.latestMs - 1);
    expect(page.requested()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.requested()).toEqual([...preloads, ...framework, entry]);
  });
});

describe('the build', () => {
  const built = [
    '<head>',
    '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">',
    '    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">',
    '  </head>',
  ].join('\n');

  it('takes Vite’s entry tags out of index.html, and refuses a page without an entry', () => {
    expect(takeEntryTags(built)).toEqual({ html: '<head>\n  </head>', entry: '/assets/index-1.js', modules: options.modules });
    expect(() => takeEntryTags('<head></head>')).toThrow(/no entry/);
  });

  it('the inline script is the function by its source, called with the build’s addresses', () => {
    const script = appStartScript(options);
    expect(script).toContain(JSON.stringify(options));
    expect(() => new Function(script)).not.toThrow();
  });

  it('sends the head without its comments, and the body and styled-components’ markers as they are', () => {
    const page =
      '<html><head>\n  <!-- why the fonts -->\n  <meta charset="UTF-8" /><!-- a --> <!-- b -->\n' +
      '  <style data-styled="true">a{color:red;}/*!sc*/\n</style>\n</head><body><!--$--><p>x<!-- -->y</p><!--/$--></body></html>';
    expect(leanHead(page)).toBe(
      '<html><head>\n  <meta charset="UTF-8" /> \n  <style data-styled="true">a{color:red;}/*!sc*/\n</style>\n</head>' +
        '<body><!--$--><p>x<!-- -->y</p><!--/$--></body></html>',
    );
  });
});
