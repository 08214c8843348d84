import { Repeat } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { billingPriceOf, formatBillingDate } from '../../domain/billing';
import type { BillingOverview } from '../../domain/billingAccount';
import { formatInr } from '../../domain/money';
import { findPlan } from '../../domain/plans';
import { BillingActor } from './billingActor';
import { Actions, Card, Confirm, Facts, Quiet } from './billingUi';

/**
 * A plan paid once before monthly billing (decision 182): what it holds, and the offer to carry it on monthly from
 * the day it ends, with no new setup fee. Renders the billing machine's confirmingStart and startingMonthly.
 */
export function MonthlyOffer({ oneTime }: { oneTime: NonNullable<BillingOverview['oneTime']> }) {
  const actor = BillingActor.useActorRef();
  const busy = BillingActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const confirming = BillingActor.useSelector(
    (snapshot) => snapshot.matches({ ready: 'confirmingStart' }) || snapshot.matches({ ready: 'startingMonthly' }),
  );
  const plan = findPlan(oneTime.plan);
  const monthly = formatInr((billingPriceOf(oneTime.plan)?.monthlyPaise ?? 0) / 100);
  const paidThrough = formatBillingDate(oneTime.paidThrough);

  return (
    <Card aria-labelledby="monthly-title">
      <h3 id="monthly-title">Keep your {plan?.title} plan going</h3>
      <Quiet>
        Plans now renew every month. Start your monthly payment and your plan carries on without a break when the month you paid for ends,
        with no new setup fee.
      </Quiet>
      <Facts>
        <div>
          <dt>Plan</dt>
          <dd>{plan?.title}</dd>
        </div>
        <div>
          <dt>Paid until</dt>
          <dd>{paidThrough}</dd>
        </div>
        <div>
          <dt>Then every month</dt>
          <dd>
            {monthly} from {paidThrough}
          </dd>
        </div>
        <div>
          <dt>Due today</dt>
          <dd>{formatInr(0)}</dd>
        </div>
      </Facts>
      {confirming ? (
        <Confirm role="group" aria-labelledby="start-title">
          <h3 id="start-title">Start your monthly payment?</h3>
          <p>
            Nothing is charged today: you authorise your card now (your bank may hold a small amount and return it), and {monthly} is
            charged on {paidThrough}, then every month. Cancel any time up to 15 days before a billing date.
          </p>
          <Actions>
            <Button type="button" disabled={busy} onClick={() => actor.send({ type: 'billing.confirmStart' })}>
              {busy ? <Spinner $size="1rem" /> : null} Authorise my card
            </Button>
            <Button type="button" $variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'billing.notNow' })}>
              Not now
            </Button>
          </Actions>
        </Confirm>
      ) : (
        <Actions>
          <Button type="button" disabled={busy} onClick={() => actor.send({ type: 'billing.startMonthly' })}>
            <Repeat aria-hidden="true" size={18} /> Start monthly payment
          </Button>
        </Actions>
      )}
    </Card>
  );
}
