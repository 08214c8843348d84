import { useRef, type KeyboardEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { BarChart3, LineChart, ShieldCheck } from 'lucide-react';
import { Container } from '../../ui/layout';
import { media } from '../../ui/theme';
import { AuthActor } from '../../lib/auth/AuthActor';
import { isSignedIn, profileSettled } from '../../lib/auth/authSnapshot';
import { afterSignIn, isPlanSoldOnline } from '../../domain/account';
import { findPlan } from '../../domain/plans';
import { CreateAccountPanel, SignInForm } from './SignInForms';

type View = 'signin' | 'signup';

const tabs: { view: View; label: string }[] = [
  { view: 'signin', label: 'Sign In' },
  { view: 'signup', label: 'Create Account' },
];

/**
 * /signin (docs/product.md §2): tabs Sign In and Create Account, `view=signup` opens the second, `plan` names the plan to
 * create the account for, `redirect` the page to return to (D16). Once someone is signed in it sends them on.
 */
export function SignInPage() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'signup' ? 'signup' : 'signin';
  // Firebase loads as the page opens, so the first submit does not wait for it.
  AuthActor.useLoaded();
  const checking = AuthActor.useSelector((snapshot) => snapshot.hasTag('checking'));
  const signedIn = AuthActor.useSelector(isSignedIn);
  const auth = AuthActor.useActorRef();
  const tabRefs = useRef<Record<View, HTMLButtonElement | null>>({ signin: null, signup: null });

  const planKey = params.get('plan');
  const plan = isPlanSoldOnline(planKey) ? findPlan(planKey) : undefined;

  if (signedIn) return <SendOn redirect={params.get('redirect')} />;

  const show = (next: View) => {
    if (next === view) return;
    const nextParams = new URLSearchParams(params);
    if (next === 'signup') nextParams.set('view', 'signup');
    else nextParams.delete('view');
    setParams(nextParams, { replace: true });
    auth.send({ type: 'auth.dismissError' });
  };
  // WAI-ARIA tabs: arrow keys move between the two tabs.
  const onTabKey = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: View = event.key === 'Home' ? 'signin' : event.key === 'End' ? 'signup' : view === 'signin' ? 'signup' : 'signin';
    show(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <Page>
      <Container>
        <Layout>
          <Welcome aria-hidden="true">
            <p>Your growth, in one place</p>
            <ul>
              <li>
                <LineChart size={20} /> Leads, traffic and ad spend at a glance
              </li>
              <li>
                <BarChart3 size={20} /> Every phase of your project, with its tasks
              </li>
              <li>
                <ShieldCheck size={20} /> Your plan and apps, straight from our records
              </li>
            </ul>
          </Welcome>
          <Panel>
            <h1>{view === 'signup' ? 'Create your account' : 'Sign in to your account'}</h1>
            {checking ? (
              <Checking role="status">Checking whether you are signed in…</Checking>
            ) : (
              <>
                <TabList role="tablist" aria-label="Sign in or create an account">
                  {tabs.map((tab) => (
                    <Tab
                      key={tab.view}
                      ref={(element) => {
                        tabRefs.current[tab.view] = element;
                      }}
                      type="button"
                      role="tab"
                      id={`tab-${tab.view}`}
                      aria-selected={view === tab.view}
                      aria-controls={`panel-${tab.view}`}
                      tabIndex={view === tab.view ? 0 : -1}
                      onClick={() => show(tab.view)}
                      onKeyDown={onTabKey}
                    >
                      {tab.label}
                    </Tab>
                  ))}
                </TabList>
                <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`}>
                  {view === 'signin' ? <SignInForm /> : <CreateAccountPanel plan={plan} />}
                </div>
              </>
            )}
          </Panel>
        </Layout>
      </Container>
    </Page>
  );
}

/** Signed in: on to pay for the chosen plan, back to where they came from, or docs/product.md §4's next page. */
function SendOn({ redirect }: { redirect: string | null }) {
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const checkoutPlan = AuthActor.useSelector((snapshot) => snapshot.context.checkoutPlan);
  const settled = AuthActor.useSelector(profileSettled);
  if (!user) return null;
  const destination = afterSignIn(user, { checkoutPlan, redirect, profileSettled: settled });
  if (!destination) {
    return (
      <Page>
        <Container>
          <Panel $narrow>
            <h1>Signing you in</h1>
            <Checking role="status">Loading your account…</Checking>
          </Panel>
        </Container>
      </Page>
    );
  }
  return <Navigate to={destination.to} state={destination.state} replace />;
}

const Page = styled.section`
  padding: ${({ theme }) => theme.space(10)} 0 ${({ theme }) => theme.space(16)};
  background:
    radial-gradient(50rem 24rem at 90% -10%, rgba(29, 78, 216, 0.12), transparent 70%),
    radial-gradient(40rem 20rem at -10% 110%, rgba(249, 115, 22, 0.08), transparent 70%), ${({ theme }) => theme.color.surfaceAlt};
  ${media.md} {
    padding: ${({ theme }) => theme.space(16)} 0 ${({ theme }) => theme.space(24)};
  }
`;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  align-items: center;
  ${media.lg} {
    grid-template-columns: 1fr 480px;
    gap: ${({ theme }) => theme.space(16)};
  }
`;

const Welcome = styled.div`
  display: none;
  ${media.lg} {
    display: block;
  }
  p {
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size['3xl']};
    font-weight: 800;
    line-height: 1.15;
    letter-spacing: -0.02em;
    color: ${({ theme }) => theme.color.ink};
    max-width: 14ch;
    /* Two even lines ("Your growth," / "in one place"), not a long line and a short one. */
    text-wrap: balance;
  }
  ul {
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
    margin-top: ${({ theme }) => theme.space(8)};
  }
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    font-weight: 600;
    color: ${({ theme }) => theme.color.text};
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.color.brand};
  }
`;

const Panel = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: 480px;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(7)} ${({ theme }) => theme.space(5)};
  border-radius: 24px;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  ${media.sm} {
    padding: ${({ theme }) => theme.space(10)};
  }
`;

const TabList = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  padding: ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.color.line};
`;

const Tab = styled.button`
  min-height: 2.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.color.muted};
  font-weight: 700;
  font-size: ${({ theme }) => theme.size.base};
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.brand};
    box-shadow: ${({ theme }) => theme.shadow.sm};
  }
  &:hover:not([aria-selected='true']) {
    color: ${({ theme }) => theme.color.ink};
  }
`;

const Checking = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 16rem;
  justify-content: center;
  color: ${({ theme }) => theme.color.muted};
  font-weight: 600;
`;
