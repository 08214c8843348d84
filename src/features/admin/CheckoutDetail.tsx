import styled from 'styled-components';
import { Phone } from 'lucide-react';
import type { CheckoutRow } from '../../domain/admin';
import { ButtonAnchor } from '../../ui/Button';
import { Pair } from './DetailBodies';
import { checkoutBadge, checkoutClosed, checkoutPlan } from './checkoutWords';
import { formatTime } from './format';
import { Badge, Facts, Mono } from './styles';

/**
 * A checkout left (docs/decisions/189): who pressed Pay and did not pay, for staff to call. The buyer agreed to no
 * email, so the address is shown to read, not as a link to write to.
 */

export function CheckoutDetail({ row }: { row: CheckoutRow }) {
  const { text, tone } = checkoutBadge(row);
  return (
    <>
      {row.phone && (
        <Call href={`tel:${row.phone.replace(/[^\d+]/g, '')}`} $variant="secondary">
          <Phone aria-hidden="true" size={18} /> Call {row.phone}
        </Call>
      )}
      <Facts>
        <Pair label="Name" value={row.name ?? '—'} />
        <Pair label="Phone" value={row.phone ?? '—'} />
        <dt>Email</dt>
        <dd>
          {row.email}
          <Hint>No email: they have not agreed to it.</Hint>
        </dd>
        <Pair label="Business" value={row.businessName ?? '—'} />
        <Pair label="Plan" value={checkoutPlan(row)} />
        <Pair label="Pressed Pay" value={formatTime(row.createdAt)} />
        <dt>Payment</dt>
        <dd>
          <Badge $tone={tone}>{text}</Badge>
        </dd>
        {row.status !== 'created' && <Pair label="Checkout closed" value={checkoutClosed(row.endedAt)} />}
        <Pair label="Mode" value={row.mode === 'live' ? 'Live' : 'Sandbox'} />
        <dt>Subscription id</dt>
        <dd>
          <Mono>{row.id}</Mono>
        </dd>
      </Facts>
    </>
  );
}

const Hint = styled.small`
  display: block;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.xs};
`;

/** What staff do with a checkout left: a phone dials it, a desktop hands it to its calling app. */
const Call = styled(ButtonAnchor)`
  justify-self: start;
`;
