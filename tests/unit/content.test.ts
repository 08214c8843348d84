import { describe, expect, it } from 'vitest';
import { caseStudies, findCaseStudy } from '../../src/content/caseStudies';
import { serviceTitles, services } from '../../src/content/services';
import { homeFaqs } from '../../src/content/faqs';
import { helpFaqs } from '../../src/content/helpFaqs';
import { caseStudyDetails } from '../../src/content/caseStudyDetails';
import { testimonials } from '../../src/content/testimonials';
import { appSolutions } from '../../src/content/apps';
import { processSteps } from '../../src/content/process';
import { advantages } from '../../src/content/advantages';
import { stats, coreValues } from '../../src/content/about';
import { legalDocuments } from '../../src/content/legal';

describe('marketing content (docs/product.md §2, §3)', () => {
  it('markets the six services', () => {
    expect(services.map((service) => service.title)).toEqual([
      'Web Development',
      'Brand Design',
      'Digital Marketing',
      'Social Media',
      'Sales Funnel',
      'AI Agent Services',
    ]);
    expect(serviceTitles).toHaveLength(6);
  });

  it('has seven case studies, unique slugs, a service category each, and details only on the first', () => {
    expect(caseStudies).toHaveLength(7);
    expect(new Set(caseStudies.map((study) => study.slug)).size).toBe(7);
    for (const study of caseStudies) expect(serviceTitles).toContain(study.category);
    expect(caseStudies.map((study) => !!caseStudyDetails[study.slug])).toEqual([true, false, false, false, false, false, false]);
    expect(Object.keys(caseStudyDetails)).toEqual(['ecommerce-platform-redesign']);
    expect(caseStudies.map((study) => study.category)).toEqual([
      'Web Development',
      'Brand Design',
      'Digital Marketing',
      'Social Media',
      'Sales Funnel',
      'Web Development',
      'AI Agent Services',
    ]);
    expect(caseStudyDetails['ecommerce-platform-redesign']?.results.length).toBeGreaterThan(0);
    expect(findCaseStudy('ecommerce-platform-redesign')?.title).toContain('E-commerce');
    expect(findCaseStudy('nope')).toBeUndefined();
  });

  it('has five FAQs on home and five in Help, the Help ones on the topics docs/product.md names', () => {
    expect(homeFaqs).toHaveLength(5);
    expect(helpFaqs).toHaveLength(5);
    const help = helpFaqs.map((faq) => `${faq.question} ${faq.answer}`.toLowerCase());
    expect(help[0]).toContain('growth platform model');
    expect(help[1]).toContain('how quickly');
    expect(help[2]).toMatch(/scale up.*scale down.*pause.*account manager/);
    expect(help[3]).toContain('results');
    expect(help[4]).toContain('who will work');
    const home = homeFaqs.map((faq) => faq.answer).join(' ');
    expect(home).toContain('no annual contract');
    expect(home).toContain('3–6 months');
  });

  it('has three testimonials and the four how-it-works steps and advantages', () => {
    expect(testimonials).toHaveLength(3);
    expect(processSteps.map((step) => step.title)).toEqual([
      'Find Your Plan',
      'Onboard in Minutes',
      'We Execute & Optimize',
      'Track Your Live Growth',
    ]);
    expect(advantages.map((advantage) => advantage.title)).toEqual([
      'Total Transparency',
      'Predictable Investment',
      'Unmatched Speed',
      'An All-in-One Partner',
    ]);
  });

  it('links the five apps as docs/product.md says', () => {
    const links = Object.fromEntries(appSolutions.map((app) => [app.title, app.cta.to]));
    expect(links).toMatchObject({
      'AI Sales Agent': '/demo',
      'Local SEO Booster': '/demo',
      'Funnel Automation System': '/demo',
      'Social Content Engine': '/pricing',
    });
    expect(appSolutions.map((app) => app.title)).toContain('Rapid Website Launchpad');
    expect(appSolutions).toHaveLength(5);
  });

  it('has the About stats and four core values', () => {
    expect(stats.map((stat) => stat.value)).toEqual(['150+', '95%', '5+', '2x']);
    expect(coreValues).toHaveLength(4);
  });

  it('has the four legal documents with the refund policy of docs/product.md §9', () => {
    expect(legalDocuments.map((doc) => doc.slug)).toEqual(['terms', 'privacy', 'shipping', 'refunds']);
    const refunds = JSON.stringify(legalDocuments.find((doc) => doc.slug === 'refunds'));
    expect(refunds).toContain('at least 15 days before your next billing date');
    expect(refunds).toContain('setup fee is non-refundable');
    expect(refunds).toContain('Monthly fees are non-refundable');
    expect(refunds).toContain('until the end of the period you have already paid for');
  });
});
