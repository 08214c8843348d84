import { useEffect, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '../../ui/Spinner';
import { usePageMeta } from '../../ui/usePageMeta';
import { media } from '../../ui/theme';
import { AuthActor } from '../../lib/auth/AuthActor';
import { isSignedIn } from '../../lib/auth/authSnapshot';
import { InboxActor, liveInboxMachine } from './inboxActor';
import { InboxScreen } from './InboxScreen';

/** Tells search engines to leave the page out while it is open (it is linked from nowhere public either). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/**
 * /admin, the staff inbox (docs/decisions/110-staff-inbox-ui.md): signed-out visitors go to sign in and come back;
 * the server decides who is staff, so a signed-in account opens the inbox and a 403 shows the not-allowed page.
 */
export function AdminPage() {
  usePageMeta('Staff inbox', 'GrowthPath staff inbox.');
  useNoIndex();
  AuthActor.useLoaded();
  const checking = AuthActor.useSelector((snapshot) => snapshot.hasTag('checking'));
  const signedIn = AuthActor.useSelector(isSignedIn);
  const auth = AuthActor.useActorRef();
  const logic = useMemo(() => liveInboxMachine({ idToken: auth.idToken }), [auth]);

  if (!checking && !signedIn) return <Navigate to="/signin?redirect=/admin" replace />;
  return (
    <Page>
      {checking ? (
        <Waiting role="status">
          <Spinner /> Checking whether you are signed in…
        </Waiting>
      ) : (
        <InboxActor.Provider logic={logic}>
          <InboxScreen />
        </InboxActor.Provider>
      )}
    </Page>
  );
}

const Page = styled.div`
  min-height: 70vh;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(16)};
  background: ${({ theme }) => theme.color.surfaceAlt};
  ${media.md} {
    padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(20)};
  }
  > * {
    max-width: 90rem;
    margin: 0 auto;
  }
`;

const Waiting = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.muted};
  font-weight: 600;
`;
