import { ArrowRight } from 'lucide-react';
import { Container, Section, SectionHeader } from '../../ui/layout';
import { ButtonLink } from '../../ui/Button';
import { ServicesGrid } from '../../ui/ServicesGrid';
import { ProcessSteps } from '../../ui/ProcessSteps';
import { CaseStudyCard } from '../../ui/CaseStudyCard';
import { TestimonialCarousel } from '../../ui/TestimonialCarousel';
import { Accordion } from '../../ui/Accordion';
import { CtaBanner } from '../../ui/CtaBanner';
import { services } from '../../content/services';
import { processSteps } from '../../content/process';
import { caseStudies } from '../../content/caseStudies';
import { testimonials } from '../../content/testimonials';
import { homeFaqs } from '../../content/faqs';
import { TrustedBy } from './TrustedBy';
import { Comparison } from './Comparison';
import { CaseStudyGrid, MoreLink } from './HomePage.styles';

const HOME_CASE_STUDIES = 3;

/** Everything under the hero: loaded and hydrated when it comes near the screen (LazyBelowFold.tsx). */
export default function BelowFoldSections() {
  return (
    <>
      <TrustedBy />

      <Section aria-labelledby="how-title" $tone="alt">
        <Container>
          <SectionHeader
            id="how-title"
            eyebrow="How it works"
            title="From first question to live growth in 4 steps"
            lead="No long proposals and no guesswork: a clear plan, a fixed price and a team that gets to work."
          />
          <ProcessSteps steps={processSteps} />
        </Container>
      </Section>

      <Section aria-labelledby="services-title">
        <Container>
          <SectionHeader
            id="services-title"
            eyebrow="Everything included"
            title="One team for every part of your growth"
            lead="Each plan bundles the services below, so your website, brand, ads and content finally work together."
          />
          <ServicesGrid services={services} />
        </Container>
      </Section>

      <Section aria-labelledby="work-title" $tone="alt">
        <Container>
          <SectionHeader
            id="work-title"
            eyebrow="Our work"
            title="Results for businesses like yours"
            lead="Shops, clinics, restaurants and institutes across India growing with GrowthPath."
          />
          <CaseStudyGrid>
            {caseStudies.slice(0, HOME_CASE_STUDIES).map((study) => (
              <CaseStudyCard key={study.slug} study={study} />
            ))}
          </CaseStudyGrid>
          <MoreLink>
            <ButtonLink to="/case-studies" $variant="secondary">
              See all case studies <ArrowRight aria-hidden="true" size={18} />
            </ButtonLink>
          </MoreLink>
        </Container>
      </Section>

      <Comparison />

      <Section aria-labelledby="testimonials-title" $tone="brand">
        <Container>
          <SectionHeader id="testimonials-title" eyebrow="Testimonials" title="What our clients say" />
          <TestimonialCarousel testimonials={testimonials} />
        </Container>
      </Section>

      <Section aria-labelledby="faq-title">
        <Container $narrow>
          <SectionHeader id="faq-title" eyebrow="FAQ" title="Questions owners ask us" />
          <Accordion items={homeFaqs} />
        </Container>
      </Section>

      <CtaBanner
        title="Ready to grow without the guesswork?"
        text="Create your account, choose a plan and meet your account manager this week. No annual lock-in."
      >
        <ButtonLink to="/signin" $variant="light" $size="lg">
          Get Started <ArrowRight aria-hidden="true" size={18} />
        </ButtonLink>
        <ButtonLink to="/pricing" $variant="secondary" $size="lg">
          View pricing
        </ButtonLink>
      </CtaBanner>
    </>
  );
}
