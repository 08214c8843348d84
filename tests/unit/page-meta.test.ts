import { describe, expect, it } from 'vitest';
import type { MetaArgs, MetaDescriptor } from 'react-router';
import { meta as signInMeta } from '../../src/app/routes/signin';
import { meta as caseStudyMeta } from '../../src/app/routes/case-study';
import { meta as legalMeta } from '../../src/app/routes/legal';
import { meta as pricingMeta } from '../../src/app/routes/pricing';
import { siteOrigin } from '../../src/app/meta';

/** A route's meta for an address, as React Router calls it. */
const metaAt = (meta: (args: MetaArgs) => MetaDescriptor[] | undefined, url: string, params: Record<string, string> = {}) => {
  const { pathname, search } = new URL(url, 'http://site');
  return meta({ location: { pathname, search, hash: '', state: null, key: 'x' }, params } as unknown as MetaArgs) ?? [];
};
const titleOf = (tags: MetaDescriptor[]) => (tags.find((tag) => 'title' in tag) as { title?: string } | undefined)?.title;
const named = (tags: MetaDescriptor[], key: string) =>
  tags.find((tag) => (tag as { name?: string; property?: string }).name === key || (tag as { property?: string }).property === key) as
    { content: string } | undefined;

describe('route meta', () => {
  it('gives a public page its title, description, canonical address and preview tags', () => {
    const tags = metaAt(pricingMeta, '/pricing');
    expect(titleOf(tags)).toBe('Pricing | GrowthPath');
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${siteOrigin}/pricing` });
    expect(named(tags, 'og:url')?.content).toBe(`${siteOrigin}/pricing`);
    expect(named(tags, 'robots')).toBeUndefined();
  });

  it('names the sign-in page after its tab, and keeps it out of search engines', () => {
    expect(titleOf(metaAt(signInMeta, '/signin'))).toBe('Sign In | GrowthPath');
    expect(titleOf(metaAt(signInMeta, '/signin?view=signup'))).toBe('Create Account | GrowthPath');
    expect(named(metaAt(signInMeta, '/signin'), 'robots')?.content).toBe('noindex');
    expect(metaAt(signInMeta, '/signin').some((tag) => 'rel' in tag)).toBe(false);
  });

  it('describes a case study and a legal document by their own words, and an unknown one as not found', () => {
    const study = metaAt(caseStudyMeta, '/case-studies/brand-identity-refresh', { slug: 'brand-identity-refresh' });
    expect(titleOf(study)).toBe('Brand Identity for a Multi-Speciality Clinic | GrowthPath');
    expect(titleOf(metaAt(legalMeta, '/legal/privacy'))).toBe('Privacy Policy | GrowthPath');
    const missing = metaAt(caseStudyMeta, '/case-studies/nope', { slug: 'nope' });
    expect(titleOf(missing)).toBe('Page Not Found | GrowthPath');
    expect(named(missing, 'robots')?.content).toBe('noindex');
  });
});
