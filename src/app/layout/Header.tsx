import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import styled from 'styled-components';
import { Menu, X } from 'lucide-react';
import { BrandMark } from '../../ui/BrandMark';
import { IconButton } from '../../ui/IconButton';
import { Button, ButtonLink } from '../../ui/Button';
import { AuthActor } from '../../lib/auth/AuthActor';
import { storedSessionAttribute } from '../storedSession';
import { isSignedIn } from '../../lib/auth/authSnapshot';
import { useSignOutToHome } from '../../lib/auth/signOutToHome';
import { media } from '../../ui/theme';
import { primaryNav } from './navigation';

export function Header() {
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so moving to another page closes it without an effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? pathname : null);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenedOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <Bar>
      <Inner>
        <HomeLink to="/" aria-label="GrowthPath home">
          <BrandMark />
        </HomeLink>
        <MenuButton type="button" aria-label="Menu" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen(!menuOpen)}>
          {menuOpen ? <X aria-hidden="true" size={24} /> : <Menu aria-hidden="true" size={24} />}
        </MenuButton>
        {/* Dims the page under the open phone menu; a tap on it closes the menu (Escape and the button do too). */}
        {menuOpen && <Backdrop aria-hidden="true" data-testid="menu-backdrop" onClick={() => setMenuOpen(false)} />}
        <Nav id={menuId} aria-label="Main" $open={menuOpen}>
          <NavList>
            {primaryNav.map((item) => (
              <li key={item.to}>
                <NavItem to={item.to} end={item.to === '/'}>
                  {item.label}
                </NavItem>
              </li>
            ))}
          </NavList>
          <AccountLinks />
        </Nav>
      </Inner>
    </Bar>
  );
}

/** Sign in, or Dashboard and Sign Out (docs/product.md §2); until the first auth check an empty box of the same size (D6). */
function AccountLinks() {
  const checking = AuthActor.useSelector((snapshot) => snapshot.hasTag('checking'));
  const signedIn = AuthActor.useSelector(isSignedIn);
  const signingOut = AuthActor.useSelector((snapshot) => snapshot.matches('signingOut'));
  const signOutToHome = useSignOutToHome();

  if (checking) {
    return (
      <AccountArea aria-busy="true">
        <Pending aria-hidden="true" />
      </AccountArea>
    );
  }
  if (signedIn) {
    return (
      <AccountArea>
        <ButtonLink to="/dashboard" $variant="secondary">
          Dashboard
        </ButtonLink>
        <Button type="button" $variant="ghost" disabled={signingOut} onClick={signOutToHome}>
          Sign Out
        </Button>
      </AccountArea>
    );
  }
  return (
    <AccountArea>
      <ButtonLink to="/signin" $variant="secondary">
        Sign in
      </ButtonLink>
    </AccountArea>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: saturate(180%) blur(12px);
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
`;

/** The bar's height (its border adds a pixel): the menu and the page's main area are sized from it. */
export const headerBarHeight = '4.25rem';

const Inner = styled.div`
  max-width: ${({ theme }) => theme.width.page};
  margin: 0 auto;
  height: ${headerBarHeight};
  padding: 0 ${({ theme }) => theme.space(5)};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(6)};
  ${media.md} {
    padding: 0 ${({ theme }) => theme.space(8)};
  }
`;

const HomeLink = styled(Link)`
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const MenuButton = styled(IconButton)`
  ${media.lg} {
    display: none;
  }
`;

const Backdrop = styled.div`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  height: calc(100vh - ${headerBarHeight});
  background: rgba(15, 23, 42, 0.45);
  ${media.lg} {
    display: none;
  }
`;

const Nav = styled.nav<{ $open: boolean }>`
  /* Phones: a panel under the bar, shown only while the menu is open. */
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  position: absolute;
  top: 4.25rem;
  left: 0;
  right: 0;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  max-height: calc(100vh - ${headerBarHeight});
  overflow-y: auto;

  ${media.lg} {
    display: flex;
    position: static;
    flex-direction: row;
    align-items: center;
    flex: 1;
    justify-content: space-between;
    padding: 0;
    background: none;
    border: 0;
    box-shadow: none;
    overflow: visible;
  }
`;

const NavList = styled.ul`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  ${media.lg} {
    flex-direction: row;
    margin: 0 auto;
  }
`;

const NavItem = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  font-size: ${({ theme }) => theme.size.base};
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.brandSoft};
  }
  ${media.lg} {
    font-size: ${({ theme }) => theme.size.sm};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  }
`;

/** Holds the width of its widest variant, so the first auth check never shifts the bar (decision D6). */
const AccountArea = styled.div`
  /* Prerendered signed out: hidden for a visitor signed in here until the app knows (src/app/storedSession.ts). */
  html[${storedSessionAttribute}] & {
    visibility: hidden;
  }
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 7.5rem;
  min-height: 2.75rem;
  justify-content: flex-end;
  a,
  button {
    flex: 1;
  }
  ${media.lg} {
    min-width: 15.5rem;
    a,
    button {
      flex: none;
    }
  }
`;

const Pending = styled.span`
  display: block;
  flex: 1;
  height: 2.75rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.color.line};
  ${media.lg} {
    flex: none;
    width: 7.5rem;
  }
`;
