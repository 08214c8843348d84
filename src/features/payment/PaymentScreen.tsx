import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { CalendarClock, CircleCheck, Clock, Lock, LogIn, RefreshCw, ShieldCheck } from 'lucide-react';
import { Button, ButtonLink } from '../../ui/Button';
import { FormAlert } from '../../ui/form';
import { Spinner } from '../../ui/Spinner';
import { formatInr } from '../../domain/money';
import { GUEST_EMAIL_PLACEHOLDER } from '../../domain/checkout';
import { priceOf } from '../../domain/payment';
import { CANCEL_NOTICE_DAYS, formatBillingDate } from '../../domain/billing';
import { GuestDetailsForm } from './GuestDetailsForm';
import { PaymentActor } from './paymentActor';

/** Renders the payment machine: the order summary, then the guest step, the Pay button, or how it ended. */
export function PaymentScreen() {
  const actor = PaymentActor.useActorRef();
  const plan = PaymentActor.useSelector((snapshot) => snapshot.context.plan);
  const customerEmail = PaymentActor.useSelector((snapshot) => snapshot.context.customer.email);
  const enteredEmail = PaymentActor.useSelector((snapshot) => snapshot.context.values.email);
  const failure = PaymentActor.useSelector((snapshot) => snapshot.context.failure);
  const notice = PaymentActor.useSelector((snapshot) => snapshot.context.notice);
  const busy = PaymentActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const inDetails = PaymentActor.useSelector((snapshot) => snapshot.matches('details'));
  const succeeded = PaymentActor.useSelector((snapshot) => snapshot.matches('success'));
  const mustSignIn = PaymentActor.useSelector((snapshot) => snapshot.matches('signInRequired'));
  const unconfirmed = PaymentActor.useSelector((snapshot) => snapshot.matches('unconfirmed'));
  const canEdit = PaymentActor.useSelector((snapshot) => snapshot.can({ type: 'payment.editDetails' }));
  const renewsOn = PaymentActor.useSelector((snapshot) => snapshot.context.renewsOn);
  const panel = useRef<HTMLDivElement>(null);
  const pay = useRef<HTMLButtonElement>(null);
  const wasInDetails = useRef(inDetails);
  useEffect(() => {
    // The details form is tall and the Pay step short: left where it was, the page would show the footer, the
    // checkout's title under the header. Back to the top of the checkout, with focus on Pay (the button that was
    // pressed is gone).
    if (wasInDetails.current && !inDetails) {
      panel.current?.scrollIntoView({ block: 'start' });
      pay.current?.focus({ preventScroll: true });
    }
    wasInDetails.current = inDetails;
  }, [inDetails]);
  const price = priceOf(plan);
  if (!price) return null;

  const billedTo = customerEmail.trim().toLowerCase() !== GUEST_EMAIL_PLACEHOLDER ? customerEmail : enteredEmail.trim() || 'Entered below';

  return (
    <Panel ref={panel}>
      <Title>
        <Lock aria-hidden="true" size={22} />
        <h1>Secure Checkout</h1>
      </Title>
      <Summary aria-labelledby="summary-title">
        <h2 id="summary-title">Order summary</h2>
        <dl>
          <Row>
            <dt>Plan</dt>
            <dd>{price.title}</dd>
          </Row>
          <Row>
            <dt>Billed to</dt>
            <dd>{billedTo}</dd>
          </Row>
          <Row>
            <dt>One-time setup fee</dt>
            <dd>{formatInr(price.setupFee)}</dd>
          </Row>
          <Row>
            <dt>First month’s subscription</dt>
            <dd>{formatInr(price.monthlyFee)}</dd>
          </Row>
          <Total>
            <dt>Total due today</dt>
            <dd>{formatInr(price.totalRupees)}</dd>
          </Total>
          <Then>
            <dt>Then every month</dt>
            <dd>
              {formatInr(price.monthlyFee)} from {formatBillingDate(renewsOn)}
            </dd>
          </Then>
        </dl>
        <Terms>
          <CalendarClock aria-hidden="true" size={16} />
          <span>
            No annual lock-in. Cancel any time up to {CANCEL_NOTICE_DAYS} days before a billing date; your plan stays active until the end
            of the month you paid for.
          </span>
        </Terms>
      </Summary>

      {inDetails ? (
        <GuestDetailsForm />
      ) : succeeded ? (
        <Outcome role="status">
          <CircleCheck aria-hidden="true" size={28} />
          <p>
            <strong>Payment successful.</strong> Opening your dashboard...
          </p>
        </Outcome>
      ) : mustSignIn ? (
        <>
          <Outcome role="status">
            <CircleCheck aria-hidden="true" size={28} />
            <p>{notice}</p>
          </Outcome>
          <ButtonLink to="/signin" $block $size="lg">
            <LogIn aria-hidden="true" size={18} /> Sign in
          </ButtonLink>
        </>
      ) : unconfirmed ? (
        <>
          <Waiting role="status">
            <Clock aria-hidden="true" size={28} />
            <p>{failure}</p>
          </Waiting>
          <Button type="button" $block $size="lg" onClick={() => actor.send({ type: 'payment.checkAgain' })}>
            <RefreshCw aria-hidden="true" size={18} /> Check again
          </Button>
        </>
      ) : (
        <Pay>
          {failure && <FormAlert role="alert">{failure}</FormAlert>}
          <Button ref={pay} type="button" $block $size="lg" disabled={busy} onClick={() => actor.send({ type: 'payment.submit' })}>
            {busy ? (
              <>
                <Spinner $size="1.1rem" /> Processing...
              </>
            ) : (
              `Pay ${formatInr(price.totalRupees)}`
            )}
          </Button>
          {canEdit && !busy && (
            <Button type="button" $variant="ghost" $block onClick={() => actor.send({ type: 'payment.editDetails' })}>
              Change details
            </Button>
          )}
        </Pay>
      )}

      <Provider>
        <ShieldCheck aria-hidden="true" size={18} /> Payments are processed securely by Razorpay, a card payment provider. We never see or
        store your card details.
      </Provider>
    </Panel>
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
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  @media (max-width: 480px) {
    padding: ${({ theme }) => theme.space(5)};
  }
`;

const Title = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.success};
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
`;

const Summary = styled.section`
  h2 {
    font-size: ${({ theme }) => theme.size.md};
    margin-bottom: ${({ theme }) => theme.space(3)};
  }
  dl {
    margin: 0;
    display: grid;
  }
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
  dt {
    flex: none;
    white-space: nowrap;
    color: ${({ theme }) => theme.color.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    text-align: right;
    overflow-wrap: anywhere;
  }
`;

const Total = styled(Row)`
  border-bottom: 0;
  padding-top: ${({ theme }) => theme.space(4)};
  dt,
  dd {
    color: ${({ theme }) => theme.color.ink};
    font-weight: 800;
    font-size: ${({ theme }) => theme.size.lg};
  }
`;

/** The monthly charge that follows today's: quieter than the total, part of the same list. */
const Then = styled(Row)`
  border-bottom: 0;
  padding-top: 0;
  dt,
  dd {
    font-weight: 600;
    color: ${({ theme }) => theme.color.text};
  }
`;

const Terms = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
  svg {
    flex: none;
    margin-top: 2px;
  }
`;

const Pay = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Outcome = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.successSoft};
  color: ${({ theme }) => theme.color.success};
  p {
    color: ${({ theme }) => theme.color.text};
  }
  svg {
    flex: none;
  }
`;

/** Not a failure and not yet a success: the payment went through and is still to be confirmed. */
const Waiting = styled(Outcome)`
  background: ${({ theme }) => theme.color.accentSoft};
  color: ${({ theme }) => theme.color.accentInk};
`;

const Provider = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
  svg {
    flex: none;
    margin-top: 2px;
    color: ${({ theme }) => theme.color.success};
  }
`;
