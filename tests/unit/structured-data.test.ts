import { describe, expect, it } from 'vitest';
import type { MetaArgs, MetaDescriptor } from 'react-router';
import { caseStudies } from '../../src/content/caseStudies';
import { helpFaqs } from '../../src/content/helpFaqs';
import { plans } from '../../src/domain/plans';
import { siteOrigin } from '../../src/app/meta';
import * as about from '../../src/app/routes/about';
import * as caseStudy from '../../src/app/routes/case-study';
import * as contact from '../../src/app/routes/contact';
import * as help from '../../src/app/routes/help';
import * as home from '../../src/app/routes/home';
import * as pricing from '../../src/app/routes/pricing';

/**
 * Each page type's JSON-LD against the schema.org types it claims (docs/decisions/186-real-urls-and-prerendered-pages.md).
 * schema-dts types it at compile time: a property its type does not have fails the typecheck. This checks, at run
 * time, what the typecheck cannot: the properties each type needs to be read as one (Google's rich-result rules for
 * FAQPage, Offer, Article, BreadcrumbList and LocalBusiness), and that the values are of the kind schema.org expects.
 */

type Node = Record<string, unknown> & { '@type': string };

const structuredDataOf = (
  route: { meta: (args: MetaArgs) => MetaDescriptor[] | undefined },
  pathname: string,
  params: Record<string, string> = {},
) => {
  const tags = route.meta({ location: { pathname, search: '', hash: '', state: null, key: 'x' }, params } as unknown as MetaArgs) ?? [];
  return tags.flatMap((tag) => ('script:ld+json' in tag ? [tag['script:ld+json'] as Node] : []));
};

const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && value.startsWith(`${siteOrigin}/`);

/** What each type must carry, and the kind of each value. */
const checks: Record<string, (node: Node) => void> = {
  ProfessionalService(node) {
    expect(node.name).toBe('GrowthPath');
    expect(isAbsoluteUrl(node.url)).toBe(true);
    expect(node.telephone).toMatch(/^\+91\d{10}$/);
    expect(node.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    const address = node.address as Node;
    expect(address['@type']).toBe('PostalAddress');
    for (const key of ['streetAddress', 'addressLocality', 'addressRegion', 'postalCode']) expect(address[key]).toBeTruthy();
    expect(address.addressCountry).toMatch(/^[A-Z]{2}$/);
    expect((node.contactPoint as Node)['@type']).toBe('ContactPoint');
  },
  WebSite(node) {
    expect(node.name).toBe('GrowthPath');
    expect(isAbsoluteUrl(node.url)).toBe(true);
  },
  FAQPage(node) {
    const questions = node.mainEntity as Node[];
    expect(questions.length).toBeGreaterThan(2);
    for (const question of questions) {
      expect(question['@type']).toBe('Question');
      expect(question.name).toMatch(/\?$/);
      const answer = question.acceptedAnswer as Node;
      expect(answer['@type']).toBe('Answer');
      expect(String(answer.text).length).toBeGreaterThan(20);
    }
  },
  OfferCatalog(node) {
    const offers = node.itemListElement as Node[];
    expect(offers.map((offer) => offer.name)).toEqual(plans.filter((plan) => !plan.isCustom).map((plan) => plan.title));
    for (const offer of offers) {
      expect(offer['@type']).toBe('Offer');
      expect(typeof offer.price).toBe('number');
      expect(offer.priceCurrency).toBe('INR');
      expect(isAbsoluteUrl(offer.url)).toBe(true);
      for (const price of offer.priceSpecification as Node[]) {
        expect(price['@type']).toBe('UnitPriceSpecification');
        expect(price.priceCurrency).toBe('INR');
        expect(Number.isInteger(price.price)).toBe(true);
      }
    }
  },
  Article(node) {
    expect(String(node.headline).length).toBeLessThanOrEqual(110);
    expect(isAbsoluteUrl(node.image)).toBe(true);
    expect(isAbsoluteUrl(node.url)).toBe(true);
    expect((node.author as Node)['@type']).toBe('Organization');
    expect((node.publisher as Node)['@type']).toBe('Organization');
  },
  BreadcrumbList(node) {
    const items = node.itemListElement as Node[];
    expect(items.map((item) => item.position)).toEqual(items.map((_item, index) => index + 1));
    expect(items[0]).toMatchObject({ name: 'Home', item: `${siteOrigin}/` });
    for (const item of items) {
      expect(item['@type']).toBe('ListItem');
      expect(item.name).toBeTruthy();
      expect(isAbsoluteUrl(item.item)).toBe(true);
    }
  },
};

function expectValid(nodes: Node[], types: string[]) {
  expect(nodes.map((node) => node['@type'])).toEqual(types);
  for (const node of nodes) {
    expect(node['@context']).toBe('https://schema.org');
    checks[node['@type']]!(node);
  }
}

describe('structured data', () => {
  it('home: the agency, the website and its questions', () => {
    expectValid(structuredDataOf(home, '/'), ['ProfessionalService', 'WebSite', 'FAQPage']);
  });

  it('contact and about: the agency with its contact facts, and the trail', () => {
    expectValid(structuredDataOf(contact, '/contact'), ['ProfessionalService', 'BreadcrumbList']);
    expectValid(structuredDataOf(about, '/about'), ['ProfessionalService', 'BreadcrumbList']);
  });

  it('pricing: each plan sold online as an offer in rupees', () => {
    const [catalog] = structuredDataOf(pricing, '/pricing');
    expectValid([catalog!], ['OfferCatalog']);
    const growth = (catalog!.itemListElement as Node[]).find((offer) => offer.name === 'Growth Engine')!;
    const plan = plans.find((candidate) => candidate.key === 'growth-engine')!;
    expect(growth.price).toBe(plan.monthlyFee);
    expect((growth.priceSpecification as Node[]).map((price) => price.price)).toEqual([plan.monthlyFee, plan.setupFee]);
  });

  it('help: every question on the page, answered', () => {
    const [faq] = structuredDataOf(help, '/help');
    expectValid([faq!], ['FAQPage']);
    expect((faq!.mainEntity as Node[]).map((question) => question.name)).toEqual(helpFaqs.map((item) => item.question));
  });

  it.each(caseStudies.map((study) => [study.slug] as const))('case study %s: an article and its trail', (slug) => {
    const nodes = structuredDataOf(caseStudy, `/case-studies/${slug}`, { slug });
    expectValid(nodes, ['Article', 'BreadcrumbList']);
    expect((nodes[1]!.itemListElement as Node[]).map((item) => item.item)).toEqual([
      `${siteOrigin}/`,
      `${siteOrigin}/case-studies`,
      `${siteOrigin}/case-studies/${slug}`,
    ]);
  });
});
