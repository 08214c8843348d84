import { useMemo } from 'react';
import { Navigate } from 'react-router';
import styled from 'styled-components';
import { Headset, LogIn, RefreshCw } from 'lucide-react';
import { Button, ButtonLink } from '../../ui/Button';
import { FormAlert } from '../../ui/form';
import { Spinner } from '../../ui/Spinner';
import { media } from '../../ui/theme';
import { AuthActor } from '../../lib/auth/AuthActor';
import { isSignedIn } from '../../lib/auth/authSnapshot';
import { failureText } from '../../lib/auth/authWords';
import { firstName } from '../../domain/account';
import { findPlan } from '../../domain/plans';
import { Sidebar } from './Sidebar';
import { ActivatePlan, PlanOverview } from './PlanOverview';
import { SetPassword } from './SetPassword';
import { BillingSection } from './BillingSection';
import { BillingActor, liveBillingMachine } from './billingActor';

/**
 * /dashboard (docs/product.md §2): signed-in clients only. What it shows about the plan comes from the server's /api/me
 * answer alone (D4); until that answer arrives it says it is loading rather than trusting the local cache.
 */
export function DashboardPage() {
  AuthActor.useLoaded();
  const checking = AuthActor.useSelector((snapshot) => snapshot.hasTag('checking'));
  const signedIn = AuthActor.useSelector(isSignedIn);

  if (!checking && !signedIn) return <Navigate to="/signin?redirect=/dashboard" replace />;
  return (
    <Shell>
      <Sidebar />
      <Content>{checking ? <Loading>Checking whether you are signed in…</Loading> : <Overview />}</Content>
    </Shell>
  );
}

function Overview() {
  const user = AuthActor.useSelector((snapshot) => snapshot.context.user);
  const profile = AuthActor.useSelector((snapshot) => snapshot.context.profile);
  const unavailable = AuthActor.useSelector((snapshot) => snapshot.matches({ signedIn: { profile: 'unavailable' } }));
  const sessionEnded = AuthActor.useSelector((snapshot) => snapshot.hasTag('sessionEnded'));
  const passwordAnswered = AuthActor.useSelector((snapshot) => snapshot.context.passwordOutcome !== null);
  const profileError = AuthActor.useSelector((snapshot) => failureText(snapshot.context.profileError));
  const error = AuthActor.useSelector((snapshot) => failureText(snapshot.context.error));
  const auth = AuthActor.useActorRef();
  if (!user) return null;

  const plan = profile ? findPlan(profile.purchasedPlan) : undefined;
  const business = profile?.businessName || user.businessName;

  return (
    <>
      <Welcome>
        <div>
          <h1>Welcome, {firstName(profile?.displayName || user.displayName)}</h1>
          <p>{business ? `${business} · client dashboard` : 'Your client dashboard'}</p>
        </div>
        <ButtonLink to="/contact" $variant="secondary">
          <Headset aria-hidden="true" size={18} /> Contact Support
        </ButtonLink>
      </Welcome>

      {error && <FormAlert role="alert">{error}</FormAlert>}
      {/* First thing a buyer sees after paying: without a password they could not sign in again (D13). */}
      {/* Kept after the answer, so the client reads that the password is set. */}
      {(!user.hasPassword || passwordAnswered) && <SetPassword email={user.email} />}
      {sessionEnded ? (
        <Problem role="alert">
          <p>{profileError ?? 'Your session has ended. Please sign in again.'}</p>
          {/* Signed out, this page sends the client to sign in and back here (the /signin page would not, while a
              session the server refuses is still held in the browser). */}
          <Button type="button" onClick={() => auth.send({ type: 'auth.signOut' })}>
            <LogIn aria-hidden="true" size={18} /> Sign in again
          </Button>
        </Problem>
      ) : profile === null && unavailable ? (
        <Problem role="alert">
          <p>{profileError ?? 'We could not load your account details.'}</p>
          <Button type="button" $variant="secondary" onClick={() => auth.send({ type: 'auth.refresh' })}>
            <RefreshCw aria-hidden="true" size={18} /> Try again
          </Button>
        </Problem>
      ) : profile === null ? (
        <Loading>Loading your plan…</Loading>
      ) : (
        <>
          {profileError && <FormAlert role="alert">{profileError}</FormAlert>}
          {plan ? <PlanOverview plan={plan} purchasedAt={profile.purchasedAt} /> : <ActivatePlan chosenPlan={profile.chosenPlan} />}
          <Billing />
        </>
      )}
    </>
  );
}

/** The Billing section, with its machine; the client's ID token comes from the auth store's account. */
function Billing() {
  const auth = AuthActor.useActorRef();
  const logic = useMemo(() => liveBillingMachine({ idToken: auth.idToken }), [auth]);
  return (
    <BillingActor.Provider logic={logic}>
      <BillingSection />
    </BillingActor.Provider>
  );
}

function Loading({ children }: { children: string }) {
  return (
    <Placeholder role="status">
      <Spinner />
      {children}
    </Placeholder>
  );
}

const Shell = styled.div`
  display: grid;
  min-height: 70vh;
  background: ${({ theme }) => theme.color.surfaceAlt};
  ${media.lg} {
    grid-template-columns: auto 1fr;
  }
`;

const Content = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(16)};
  min-width: 0;
  ${media.md} {
    padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(20)};
  }
`;

const Welcome = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['3xl']};
    }
  }
  p {
    margin-top: ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.muted};
    font-weight: 600;
  }
`;

const Problem = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  justify-items: start;
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid #fecaca;
  background: ${({ theme }) => theme.color.dangerSoft};
  p {
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
`;

const Placeholder = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 12rem;
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px dashed ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.muted};
  font-weight: 600;
`;
