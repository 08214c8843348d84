import styled from 'styled-components';
import { Inbox, SearchX } from 'lucide-react';
import { rowId } from '../../../machines/inbox.machine';
import { inboxTabLabels, tabOrders, type AdminTab, type InboxRow } from '../../domain/admin';
import { media } from '../../ui/theme';
import { emptyLines, inboxColumns, nothingMatches, type Column } from './columns';
import { InboxActor } from './inboxActor';
import { Panel } from './styles';
import { useIsDesktop } from './useIsDesktop';

/** The open tab's rows, in the tab's order: a table on a desktop, cards on a phone; each row's primary cell opens it. */
export function InboxList() {
  const tab = InboxActor.useSelector((state) => state.context.tab);
  const items = InboxActor.useSelector((state) => state.context.items);
  const busy = InboxActor.useSelector((state) => state.hasTag('busy'));
  const desktop = useIsDesktop();
  const { send } = InboxActor.useActorRef();
  const columns = inboxColumns[tab] as Column<InboxRow>[];
  const open = (row: InboxRow) => send({ type: 'inbox.open', id: rowId(row) });

  if (desktop) {
    return (
      <TableWrap aria-busy={busy}>
        <Table>
          <caption className="visually-hidden">
            {inboxTabLabels[tab]}, {tabOrders[tab]}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={rowId(row)}>
                {columns.map((column) =>
                  column.primary ? (
                    <th key={column.header} scope="row">
                      <OpenButton type="button" onClick={() => open(row)}>
                        {column.cell(row)}
                      </OpenButton>
                    </th>
                  ) : (
                    <td key={column.header}>{column.cell(row)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrap>
    );
  }

  const primary = columns.find((column) => column.primary)!;
  const time = columns.find((column) => column.time);
  const rest = columns.filter((column) => column !== primary && column !== time);
  return (
    <Cards aria-label={`${inboxTabLabels[tab]}, ${tabOrders[tab]}`} aria-busy={busy}>
      {items.map((row) => (
        <Card as="li" key={rowId(row)}>
          <CardHead>
            <OpenButton type="button" onClick={() => open(row)}>
              {primary.cell(row)}
            </OpenButton>
            {time && <small>{time.cell(row)}</small>}
          </CardHead>
          <dl>
            {rest.map((column) => (
              <div key={column.header}>
                <dt>{column.header}</dt>
                <dd>{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ))}
    </Cards>
  );
}

export function EmptyList({ tab, query }: { tab: AdminTab; query: string }) {
  const Icon = query ? SearchX : Inbox;
  return (
    <Empty role="status">
      <Icon aria-hidden="true" size={32} />
      <p>{query ? nothingMatches(query) : emptyLines[tab]}</p>
    </Empty>
  );
}

const TableWrap = styled(Panel)`
  overflow-x: auto;
  &[aria-busy='true'] {
    opacity: 0.6;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.size.sm};
  th,
  td {
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
    text-align: left;
    vertical-align: top;
  }
  thead th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.color.surfaceAlt};
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.xs};
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    white-space: nowrap;
    border-bottom: 1px solid ${({ theme }) => theme.color.line};
  }
  tbody tr {
    border-bottom: 1px solid ${({ theme }) => theme.color.line};
  }
  tbody tr:last-child {
    border-bottom: 0;
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.color.brandSoft};
  }
  /* A name or message with no spaces (a pasted link, a spammer's run of letters) wraps instead of taking the row. */
  tbody th {
    font-weight: 600;
    min-width: 9rem;
  }
  td {
    color: ${({ theme }) => theme.color.text};
    overflow-wrap: anywhere;
  }
  td:first-child {
    white-space: nowrap;
    color: ${({ theme }) => theme.color.muted};
  }
  td span + span {
    margin-left: 0.3rem;
  }
`;

const OpenButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.brand};
  font: inherit;
  font-weight: 700;
  text-align: left;
  text-decoration: underline;
  text-decoration-color: ${({ theme }) => theme.color.brandLine};
  text-underline-offset: 3px;
  overflow-wrap: anywhere;
  cursor: pointer;
  &:hover {
    text-decoration-color: currentColor;
  }
`;

const Cards = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  &[aria-busy='true'] {
    opacity: 0.6;
  }
`;

const Card = styled(Panel)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  dl {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
  }
  dl > div {
    display: grid;
    grid-template-columns: 7.5rem 1fr;
    gap: ${({ theme }) => theme.space(2)};
  }
  dt {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.xs};
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    padding-top: 0.15rem;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.size.sm};
    overflow-wrap: anywhere;
  }
  dd span + span {
    margin-left: 0.3rem;
  }
`;

const CardHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  button {
    font-size: ${({ theme }) => theme.size.md};
  }
  small {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.xs};
    font-weight: 600;
  }
`;

const Empty = styled(Panel)`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(12)} ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
  font-weight: 600;
  border-style: dashed;
  box-shadow: none;
  ${media.md} {
    padding: ${({ theme }) => theme.space(16)};
  }
`;
