import styled from 'styled-components';
import type { SubscriptionSummary } from '../../domain/admin';
import { media } from '../../ui/theme';
import { InboxActor } from './inboxActor';
import { formatPaise } from './subscriptionWords';

/** Monthly billing at a glance, above the Subscriptions list (decision 181 says what each figure counts). */
export function SubscriptionFigures() {
  const figures = InboxActor.useSelector((state) => state.context.summary?.subscriptions);
  if (!figures) return null;
  const items: [string, string, keyof SubscriptionSummary][] = [
    ['Monthly recurring revenue', formatPaise(figures.mrrPaise), 'mrrPaise'],
    ['Active', String(figures.active), 'active'],
    ['Paused', String(figures.paused), 'paused'],
    ['In dunning', String(figures.dunning), 'dunning'],
    ['Cancelled this month', String(figures.cancelledThisMonth), 'cancelledThisMonth'],
    ['Requests waiting', String(figures.requestsWaiting), 'requestsWaiting'],
  ];
  return (
    <Figures aria-label="Subscriptions at a glance">
      {items.map(([label, value, key]) => (
        <div key={key} data-alert={(key === 'dunning' || key === 'requestsWaiting') && figures[key] > 0 ? 'true' : undefined}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Figures>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  ${media.md} {
    grid-template-columns: 1.6fr repeat(5, minmax(0, 1fr));
  }
  > div {
    display: grid;
    align-content: start;
    gap: ${({ theme }) => theme.space(1)};
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
    border: 1px solid ${({ theme }) => theme.color.line};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
  }
  > div:first-child {
    grid-column: 1 / -1;
    ${media.md} {
      grid-column: auto;
    }
  }
  > div[data-alert='true'] {
    border-color: #fed7aa;
    background: #fff7ed;
  }
  dt {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.xs};
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.color.ink};
    font-size: ${({ theme }) => theme.size.xl};
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
`;
