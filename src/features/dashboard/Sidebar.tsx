import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { IconButton } from '../../ui/IconButton';
import styled from 'styled-components';
import { LayoutDashboard, LifeBuoy, LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { media } from '../../ui/theme';
import { visuallyHidden } from '../../ui/visuallyHidden';
import { AuthActor } from '../../lib/auth/AuthActor';
import { isSignedIn } from '../../lib/auth/authSnapshot';
import { useSignOutToHome } from '../../lib/auth/signOutToHome';

/** The dashboard's own navigation (docs/product.md §2): Dashboard, Help Center and Sign Out; expanded or collapsed (§4). */
export function Sidebar() {
  const [expanded, setExpanded] = useState(true);
  const signedIn = AuthActor.useSelector(isSignedIn);
  const signingOut = AuthActor.useSelector((snapshot) => snapshot.matches('signingOut'));
  const signOutToHome = useSignOutToHome();
  const listId = useId();

  return (
    <Aside $expanded={expanded} aria-label="Dashboard">
      <Toggle
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
        title={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? <PanelLeftClose aria-hidden="true" size={20} /> : <PanelLeftOpen aria-hidden="true" size={20} />}
      </Toggle>
      <Items id={listId}>
        <li>
          <Item as={NavLink} to="/dashboard" end title="Dashboard">
            <LayoutDashboard aria-hidden="true" size={20} />
            <Label $expanded={expanded}>Dashboard</Label>
          </Item>
        </li>
        <li>
          <Item as={NavLink} to="/help" title="Help Center">
            <LifeBuoy aria-hidden="true" size={20} />
            <Label $expanded={expanded}>Help Center</Label>
          </Item>
        </li>
        <li>
          <Item as="button" type="button" title="Sign Out" disabled={!signedIn || signingOut} onClick={signOutToHome}>
            <LogOut aria-hidden="true" size={20} />
            <Label $expanded={expanded}>Sign Out</Label>
          </Item>
        </li>
      </Items>
    </Aside>
  );
}

const Aside = styled.nav<{ $expanded: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.line};

  ${media.lg} {
    flex-direction: column;
    align-items: stretch;
    gap: ${({ theme }) => theme.space(4)};
    width: ${({ $expanded }) => ($expanded ? '15rem' : '4.75rem')};
    padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(3)};
    border-bottom: 0;
    border-right: 1px solid ${({ theme }) => theme.color.line};
    overflow: visible;
    transition: width 0.2s ease;
  }
  ${media.reducedMotion} {
    transition: none;
  }
`;

const Toggle = styled(IconButton)`
  color: ${({ theme }) => theme.color.text};
  ${media.lg} {
    align-self: flex-end;
    margin-right: ${({ theme }) => theme.space(1)};
  }
`;

const Items = styled.ul`
  list-style: none;
  display: flex;
  flex: 1;
  gap: ${({ theme }) => theme.space(1)};
  li {
    flex: 1;
  }
  ${media.lg} {
    flex-direction: column;
    li {
      flex: none;
    }
  }
`;

/** Phones: a strip of icon-over-label tabs under the header. Desktop: a sidebar of rows. */
const Item = styled.a`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1)};
  width: 100%;
  min-height: 3.25rem;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.xs};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  svg {
    flex: none;
  }
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.brandSoft};
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  ${media.lg} {
    flex-direction: row;
    justify-content: flex-start;
    gap: ${({ theme }) => theme.space(3)};
    min-height: 2.75rem;
    padding: 0 ${({ theme }) => theme.space(4)};
    font-size: ${({ theme }) => theme.size.base};
  }
`;

/** Collapsed, the label stays for screen readers and as the tooltip; only its box goes. */
const Label = styled.span<{ $expanded: boolean }>`
  ${({ $expanded }) => !$expanded && visuallyHidden}
`;
