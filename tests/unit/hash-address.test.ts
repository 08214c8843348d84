// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hashAddressScript } from '../../src/app/hashAddress';

/** Runs the head's script against an address's fragment: where it sends the browser, or null. */
function movesTo(hash: string): { to: string | null; hidden: boolean } {
  let to: string | null = null;
  const style: Record<string, string> = {};
  new Function('location', 'document', hashAddressScript)({ hash, replace: (path: string) => (to = path) }, { documentElement: { style } });
  return { to, hidden: style.visibility === 'hidden' };
}

describe('old hash addresses', () => {
  it.each([
    ['#/', '/'],
    ['#/pricing', '/pricing'],
    ['#/pricing?plan=launchpad', '/pricing?plan=launchpad'],
    ['#/signin?view=signup&redirect=/dashboard', '/signin?view=signup&redirect=/dashboard'],
    ['#/case-studies/brand-identity-refresh', '/case-studies/brand-identity-refresh'],
  ])('%s moves to %s, hidden until it has', (hash, path) => {
    expect(movesTo(hash)).toEqual({ to: path, hidden: true });
  });

  it.each(['', '#', '#main', '#faq', '#//evil.example/x', '#/\\evil.example'])('%s stays where it is', (hash) => {
    expect(movesTo(hash)).toEqual({ to: null, hidden: false });
  });
});
