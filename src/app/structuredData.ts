import type { Article, BreadcrumbList, FAQPage, OfferCatalog, ProfessionalService, WebSite, WithContext } from 'schema-dts';
import { brand } from '../content/brand';
import type { CaseStudy } from '../content/caseStudies';
import type { Faq } from '../content/faqs';
import { shareImagePath } from '../content/sitePages';
import type { Plan } from '../domain/plans';
import { siteOrigin } from './meta';

/**
 * What search engines read about the agency, its plans, its answers and its case studies, as schema.org JSON-LD in
 * each page's head (a route's `meta`, docs/decisions/186-real-urls-and-prerendered-pages.md). Typed against
 * schema.org by schema-dts, so a property a type does not have fails the typecheck.
 */

const agencyId = `${siteOrigin}/#agency`;
const absolute = (path: string) => `${siteOrigin}${path}`;

export function agency(): WithContext<ProfessionalService> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': agencyId,
    name: brand.name,
    legalName: brand.legalName,
    description: 'Websites, local SEO, ads, social media, CRM and AI agents as one flat monthly plan for Indian small businesses.',
    url: absolute('/'),
    image: absolute(shareImagePath('/')),
    logo: absolute('/favicon.svg'),
    email: brand.email,
    telephone: brand.phoneHref.replace(/^tel:/, ''),
    address: {
      '@type': 'PostalAddress',
      streetAddress: brand.address.street,
      addressLocality: brand.address.town,
      addressRegion: brand.address.state,
      postalCode: brand.address.postalCode,
      addressCountry: brand.address.country,
    },
    areaServed: { '@type': 'Country', name: 'India' },
    priceRange: '₹₹',
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: brand.supportEmail,
      telephone: brand.phoneHref.replace(/^tel:/, ''),
      areaServed: 'IN',
      availableLanguage: ['English', 'Hindi'],
    },
  };
}

export function website(): WithContext<WebSite> {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name: brand.name, url: absolute('/'), publisher: { '@id': agencyId } };
}

export function faqPage(faqs: readonly Faq[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: faq.answer } })),
  };
}

/** The plans sold online, each an offer of its monthly fee in rupees with the one-time setup fee beside it. */
export function planCatalog(plans: readonly Plan[]): WithContext<OfferCatalog> {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: `${brand.name} growth plans`,
    url: absolute('/pricing'),
    itemListElement: plans
      .filter((plan) => !plan.isCustom)
      .map((plan) => ({
        '@type': 'Offer',
        name: plan.title,
        description: plan.subtitle,
        url: absolute(`/pricing?plan=${plan.key}`),
        price: plan.monthlyFee,
        priceCurrency: 'INR',
        seller: { '@id': agencyId },
        priceSpecification: [
          { '@type': 'UnitPriceSpecification', price: plan.monthlyFee, priceCurrency: 'INR', unitCode: 'MON', billingDuration: 'P1M' },
          { '@type': 'UnitPriceSpecification', price: plan.setupFee, priceCurrency: 'INR', name: 'One-time setup fee' },
        ],
      })),
  };
}

export function caseStudyArticle(study: CaseStudy): WithContext<Article> {
  const path = `/case-studies/${study.slug}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: study.title,
    description: study.description,
    url: absolute(path),
    image: absolute(shareImagePath(path)),
    about: study.category,
    author: { '@type': 'Organization', '@id': agencyId, name: brand.name },
    publisher: { '@type': 'Organization', '@id': agencyId, name: brand.name },
  };
}

/** The trail from home to a page: `[['Case Studies', '/case-studies'], [study.title, '/case-studies/x']]`. */
export function breadcrumbs(trail: readonly (readonly [name: string, path: string])[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [['Home', '/'] as const, ...trail].map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absolute(path),
    })),
  };
}
