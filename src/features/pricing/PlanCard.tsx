import styled, { css } from 'styled-components';
import { ArrowRight, Check } from 'lucide-react';
import { ButtonLink } from '../../ui/Button';
import { media } from '../../ui/theme';
import { formatInr } from '../../domain/money';
import type { Plan } from '../../domain/plans';
import type { CheckoutHandoff, CustomerDetails } from '../../domain/checkout';
import { adSpendNote } from '../../content/pricing';
import { needsAppAttribute } from '../../lib/heldPresses';

interface PlanCardProps {
  plan: Plan;
  /** Who is buying: the signed-in profile or the guest defaults (docs/product.md §2, Pricing). */
  buyer: CustomerDetails;
}

export function PlanCard({ plan, buyer }: PlanCardProps) {
  const titleId = `plan-${plan.key}-title`;
  const handoff: CheckoutHandoff = { plan: plan.key, userDetails: buyer };
  return (
    <Card aria-labelledby={titleId} $popular={!!plan.isPopular}>
      {plan.isPopular && <Popular>MOST POPULAR</Popular>}
      <h2 id={titleId}>{plan.title}</h2>
      <Subtitle>{plan.subtitle}</Subtitle>
      {plan.isCustom ? (
        <Price>
          <Amount>Custom</Amount>
          <Setup>Fully Customized</Setup>
        </Price>
      ) : (
        <Price>
          <Amount>
            {formatInr(plan.monthlyFee)}
            <Per>/month</Per>
          </Amount>
          <Setup>+ {formatInr(plan.setupFee)} one-time setup fee</Setup>
        </Price>
      )}
      <AdNote>{adSpendNote}</AdNote>
      <Features aria-label={`${plan.title} features`}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <Check aria-hidden="true" size={18} /> {feature}
          </li>
        ))}
      </Features>
      {plan.isCustom ? (
        <ButtonLink to="/contact" $variant="secondary" $block $size="lg" aria-label={`Contact Sales about ${plan.title}`}>
          Contact Sales
        </ButtonLink>
      ) : (
        <ButtonLink
          to="/payment"
          state={handoff}
          // Only the app can hand the plan over: pressed before the page hydrated, the link waits for it.
          {...{ [needsAppAttribute]: '' }}
          $variant={plan.isPopular ? 'primary' : 'secondary'}
          $block
          $size="lg"
          aria-label={`Buy Now: ${plan.title}`}
        >
          Buy Now <ArrowRight aria-hidden="true" size={18} />
        </ButtonLink>
      )}
    </Card>
  );
}

const Card = styled.article<{ $popular: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)};
  border-radius: 24px;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.md};
  h2 {
    font-size: ${({ theme }) => theme.size.xl};
  }
  > a {
    margin-top: auto;
  }
  ${({ theme, $popular }) =>
    $popular &&
    css`
      border: 2px solid ${theme.color.brand};
      box-shadow: 0 24px 48px -16px rgba(29, 78, 216, 0.35);
    `}
`;

const Popular = styled.p`
  position: absolute;
  top: 0;
  left: 50%;
  transform: translate(-50%, -50%);
  padding: 0.35rem 1rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brand};
  color: #fff;
  font-size: ${({ theme }) => theme.size.xs};
  font-weight: 800;
  letter-spacing: 0.1em;
  white-space: nowrap;
`;

const Subtitle = styled.p`
  color: ${({ theme }) => theme.color.muted};
  margin-top: -${({ theme }) => theme.space(2)};
  /* Side by side, every card's price starts at one height: a subtitle takes up to two lines there. */
  ${media.lg} {
    min-height: 3.2em;
  } /* two lines at the body's line height, 1.6 */
`;

const Price = styled.div`
  padding: ${({ theme }) => theme.space(5)} 0;
  border-top: 1px solid ${({ theme }) => theme.color.line};
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
`;

const Amount = styled.p`
  font-family: ${({ theme }) => theme.font.display};
  font-size: ${({ theme }) => theme.size['4xl']};
  font-weight: 800;
  line-height: 1.1;
  letter-spacing: -0.03em;
  color: ${({ theme }) => theme.color.ink};
`;

const Per = styled.span`
  margin-left: 0.25rem;
  font-family: ${({ theme }) => theme.font.body};
  font-size: ${({ theme }) => theme.size.base};
  font-weight: 600;
  letter-spacing: 0;
  color: ${({ theme }) => theme.color.muted};
`;

const Setup = styled.p`
  margin-top: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

const AdNote = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
`;

const Features = styled.ul`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
  }
  svg {
    flex: none;
    margin-top: 3px;
    color: ${({ theme }) => theme.color.success};
  }
`;
