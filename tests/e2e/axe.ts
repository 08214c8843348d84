import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The accessibility gate (issue 13): axe-core's WCAG 2.1 A and AA rules plus its best practices, on whatever the page
 * shows now (docs/decisions/130-accessibility-gate.md). Each scan is a soft assertion, so one run lists every state
 * that fails, each violation with its rule, its help text and the elements it found.
 */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per violated rule: the state, the rule, what it wants, and the elements it found (the first few). */
const describe = (state: string, violations: Violation[]) =>
  violations.map(
    (violation) =>
      `${state} | ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} | ${violation.nodes.length} element(s): ` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)} -> ${node.failureSummary?.replaceAll('\n', ' ')}`)
        .join(' ;; '),
  );

let scans = 0;
/** How many scans this worker has run, for the report of the gate's reach. */
export const scanCount = () => scans;

/**
 * Scans the page as it stands at each viewport in turn (the state is reached once, then the window resized, which
 * re-lays it out as a phone or a desktop would show it) and records any violation under the state's name.
 */
export async function expectAccessible(page: Page, state: string) {
  const before = page.viewportSize();
  // Sections the browser lays out only near the screen (`content-visibility: auto`, decisions 156 and 164) paint nothing while
  // far from it, and axe would measure their text against the page's white: scanned as a visitor sees them on arrival.
  const drawEverything = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { violations } = await new AxeBuilder({ page })
      .withTags(axeTags)
      // Only the violations' details are collected, and axe runs in the page itself: the default mode opens a blank
      // page per scan to merge the frames' results, which the site (no cross-origin frames) does not need.
      .options({ resultTypes: ['violations'] })
      .setLegacyMode()
      .analyze();
    scans += 1;
    expect.soft(describe(`${state} @${viewport.name}`, violations), `${state} at ${viewport.name}: axe violations`).toEqual([]);
  }
  await drawEverything.evaluate((style) => (style as HTMLStyleElement).remove());
  if (before) await page.setViewportSize(before);
}
