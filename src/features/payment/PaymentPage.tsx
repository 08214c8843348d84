import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Lock, ShieldCheck } from 'lucide-react';
import { usePageMeta } from '../../ui/usePageMeta';
import { Container, Section } from '../../ui/layout';
import { ButtonLink } from '../../ui/Button';
import { formatInr } from '../../domain/money';
import { amountDueToday, findPlan } from '../../domain/plans';
import { GUEST_EMAIL_PLACEHOLDER, isCheckoutHandoff } from '../../domain/checkout';

/**
 * Checkout. It needs the plan and the buyer's details handed over in router state (docs/product.md §2); without them, or
 * for a plan that is not sold online, the visitor goes back to /pricing.
 */
export function PaymentPage() {
  usePageMeta('Secure Checkout', 'Activate your GrowthPath plan: one-time setup fee plus your first month.');
  const { state } = useLocation();
  const handoff = isCheckoutHandoff(state) ? state : null;
  const plan = findPlan(handoff?.plan);
  if (!handoff || !plan || plan.isCustom) return <Navigate to="/pricing" replace />;

  const billedTo = handoff.userDetails.email === GUEST_EMAIL_PLACEHOLDER ? 'Entered at payment' : handoff.userDetails.email;
  return (
    <Section>
      <Container $narrow>
        <Panel>
          <Title>
            <Lock aria-hidden="true" size={22} />
            <h1>Secure Checkout</h1>
          </Title>
          <Summary aria-labelledby="summary-title">
            <h2 id="summary-title">Order summary</h2>
            <dl>
              <Row>
                <dt>Plan</dt>
                <dd>{plan.title}</dd>
              </Row>
              <Row>
                <dt>Billed to</dt>
                <dd>{billedTo}</dd>
              </Row>
              <Row>
                <dt>One-time setup fee</dt>
                <dd>{formatInr(plan.setupFee)}</dd>
              </Row>
              <Row>
                <dt>First month’s subscription</dt>
                <dd>{formatInr(plan.monthlyFee)}</dd>
              </Row>
              <Total>
                <dt>Total due today</dt>
                <dd>{formatInr(amountDueToday(plan))}</dd>
              </Total>
            </dl>
          </Summary>
          <Notice role="note">
            Online card payment opens here shortly. To activate {plan.title} today, our team will send you a secure
            payment link.
          </Notice>
          <ButtonLink to="/contact" $block $size="lg">
            Request a payment link
          </ButtonLink>
          <Provider>
            <ShieldCheck aria-hidden="true" size={18} /> Payments are processed securely by Razorpay, our card payment
            provider. We never see or store your card details.
          </Provider>
        </Panel>
      </Container>
    </Section>
  );
}

const Panel = styled.div`
  max-width: 520px;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(8)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.lg};
`;

const Title = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.success};
  h1 { font-size: ${({ theme }) => theme.size['2xl']}; }
`;

const Summary = styled.section`
  h2 { font-size: ${({ theme }) => theme.size.md}; margin-bottom: ${({ theme }) => theme.space(3)}; }
  dl { margin: 0; display: grid; }
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
  dt { color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; font-weight: 600; text-align: right; overflow-wrap: anywhere; }
`;

const Total = styled(Row)`
  border-bottom: 0;
  padding-top: ${({ theme }) => theme.space(4)};
  dt, dd { color: ${({ theme }) => theme.color.ink}; font-weight: 800; font-size: ${({ theme }) => theme.size.lg}; }
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brandInk};
  font-size: ${({ theme }) => theme.size.sm};
`;

const Provider = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
  svg { flex: none; margin-top: 2px; color: ${({ theme }) => theme.color.success}; }
`;
