import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { subscriptionActionsOf, type StaffSubscriptionRow, type SubscriptionAction } from '../../domain/admin';
import { billingPriceOf } from '../../domain/billing';
import { plans } from '../../domain/plans';
import { Button } from '../../ui/Button';
import { Label } from '../../ui/form';
import { InboxActor } from './inboxActor';
import { actionButton, confirmationOf, formatPaise } from './subscriptionWords';

/** Plans a subscription can move to: those billed online. */
const planChoices = plans.filter((plan) => billingPriceOf(plan.key) !== null);

/**
 * What an account manager can do to the open subscription now, each said in full and confirmed before it is taken
 * (decision 181). Only the actions the subscription allows are offered; the server checks the same rule.
 */
export function SubscriptionActions({ row }: { row: StaffSubscriptionRow }) {
  const confirming = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'confirming' } }));
  const acting = InboxActor.useSelector((state) => state.matches({ ready: { detail: 'acting' } }));
  const action = InboxActor.useSelector((state) => state.context.action);
  const { send } = InboxActor.useActorRef();
  const available = subscriptionActionsOf(row);
  const otherPlans = planChoices.filter((plan) => plan.key !== (row.scheduledPlan ?? row.plan));
  const [picked, setPicked] = useState('');
  // The choice made, while it is still another plan; after a change the list moves on with the subscription.
  const plan = otherPlans.some((choice) => choice.key === picked) ? picked : (otherPlans[0]?.key ?? '');
  const ask = (chosen: SubscriptionAction) => send({ type: 'inbox.askAction', action: chosen });

  if ((confirming || acting) && action) return <Confirm row={row} action={action} acting={acting} />;
  if (available.length === 0) return null;
  const simple = available.filter((kind) => kind !== 'change_plan');
  return (
    <Panel aria-labelledby="subscription-actions-title">
      <h3 id="subscription-actions-title">Account manager's actions</h3>
      <Buttons>
        {simple.map((kind) => (
          <Button
            key={kind}
            type="button"
            $variant={kind === 'cancel_now' ? 'ghost' : 'secondary'}
            onClick={() => ask({ kind } as SubscriptionAction)}
          >
            {actionButton(kind, row)}
          </Button>
        ))}
      </Buttons>
      {available.includes('change_plan') && otherPlans.length > 0 && (
        <PlanChange
          onSubmit={(event) => {
            event.preventDefault();
            ask({ kind: 'change_plan', plan });
          }}
        >
          <Label htmlFor={`subscription-plan-${row.id}`}>New plan, from the next cycle</Label>
          <div>
            <select id={`subscription-plan-${row.id}`} value={plan} onChange={(event) => setPicked(event.target.value)}>
              {otherPlans.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.title}, {formatPaise(billingPriceOf(choice.key)!.monthlyPaise)} a month
                </option>
              ))}
            </select>
            <Button type="submit" $variant="secondary">
              {actionButton('change_plan', row)}
            </Button>
          </div>
        </PlanChange>
      )}
    </Panel>
  );
}

/** The action said in full, with Yes and Keep as is; focus moves to it so it is read first. */
function Confirm({ row, action, acting }: { row: StaffSubscriptionRow; action: SubscriptionAction; acting: boolean }) {
  const { send } = InboxActor.useActorRef();
  const panel = useRef<HTMLElement>(null);
  const { question, detail, yes } = confirmationOf(action, row);
  useEffect(() => panel.current?.focus(), []);
  return (
    <Panel
      ref={panel}
      tabIndex={-1}
      aria-labelledby="subscription-confirm-title"
      aria-describedby="subscription-confirm-detail"
      $confirming
    >
      <h3 id="subscription-confirm-title">{question}</h3>
      <p id="subscription-confirm-detail">{detail}</p>
      <Buttons>
        <Button type="button" disabled={acting} onClick={() => send({ type: 'inbox.confirmAction' })}>
          {acting ? 'Working…' : yes}
        </Button>
        <Button type="button" $variant="ghost" disabled={acting} onClick={() => send({ type: 'inbox.cancelAction' })}>
          Keep as is
        </Button>
      </Buttons>
    </Panel>
  );
}

const Panel = styled.section<{ $confirming?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $confirming }) => ($confirming ? theme.color.brandLine : theme.color.line)};
  background: ${({ theme, $confirming }) => ($confirming ? theme.color.brandSoft : theme.color.surfaceAlt)};
  outline: none;
  h3 {
    font-size: ${({ theme }) => theme.size.base};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
  &:focus-visible {
    box-shadow: 0 0 0 3px ${({ theme }) => theme.color.brandLine};
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const PlanChange = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.color.line};
  > div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
  }
  select {
    flex: 1 1 14rem;
    min-height: 2.75rem;
    padding: 0 ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.line};
    border-radius: 10px;
    background: #fff;
    font: inherit;
  }
  select:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.brand};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.color.brandLine};
  }
`;
