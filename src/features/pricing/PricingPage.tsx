import styled from 'styled-components';
import { CircleCheck } from 'lucide-react';
import { PageHero } from '../../ui/PageHero';
import { Container, Section, SectionHeader } from '../../ui/layout';
import { TestimonialCarousel } from '../../ui/TestimonialCarousel';
import { media } from '../../ui/theme';
import { plans } from '../../domain/plans';
import { guestDetails, profileDetails } from '../../domain/checkout';
import { AuthActor } from '../../lib/auth/AuthActor';
import { benefitsInEveryPlan } from '../../content/pricing';
import { testimonials } from '../../content/testimonials';
import { PlanCard } from './PlanCard';

export function PricingPage() {
  // A signed-in buyer checks out with their profile; everyone else as a guest (docs/product.md §2, Pricing).
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const buyer = user ? profileDetails(user) : guestDetails();

  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple, transparent plans that grow with you"
        lead="One setup fee to build your foundations, one flat monthly fee to keep growing. No annual lock-in, no hidden charges."
      />
      <PlansSection aria-label="Plans">
        <Container>
          <Plans>
            {plans.map((plan) => (
              <PlanCard key={plan.key} plan={plan} buyer={buyer} />
            ))}
          </Plans>
          <Fine>All prices are in Indian rupees. Activation charges the setup fee plus the first month.</Fine>
        </Container>
      </PlansSection>

      <Section aria-labelledby="benefits-title" $tone="alt">
        <Container>
          <SectionHeader id="benefits-title" eyebrow="Included" title="Benefits in every plan" />
          <Benefits>
            {benefitsInEveryPlan.map((benefit) => (
              <li key={benefit}>
                <CircleCheck aria-hidden="true" size={22} /> {benefit}
              </li>
            ))}
          </Benefits>
        </Container>
      </Section>

      <Section aria-labelledby="pricing-testimonials-title">
        <Container>
          <SectionHeader id="pricing-testimonials-title" eyebrow="Testimonials" title="Owners who made the switch" />
          <TestimonialCarousel testimonials={testimonials} />
        </Container>
      </Section>
    </>
  );
}

const PlansSection = styled.section`
  padding: ${({ theme }) => theme.space(16)} 0;
`;

const Plans = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  align-items: stretch;
  max-width: 420px;
  margin: 0 auto;
  ${media.lg} {
    max-width: none;
    grid-template-columns: repeat(3, 1fr);
    gap: ${({ theme }) => theme.space(6)};
  }
`;

const Fine = styled.p`
  margin-top: ${({ theme }) => theme.space(8)};
  text-align: center;
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
`;

const Benefits = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 900px;
  margin: 0 auto;
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    border: 1px solid ${({ theme }) => theme.color.line};
    font-weight: 600;
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.color.brand};
  }
`;
