import { useEffect, useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { Spinner } from '../../ui/Spinner';
import { media } from '../../ui/theme';
import { AuthActor } from '../../lib/auth/AuthActor';
import { isSignedIn } from '../../lib/auth/authSnapshot';
import { inboxStartFrom } from '../../domain/admin';
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
  useNoIndex();
  AuthActor.useLoaded();
  const checking = AuthActor.useSelector((snapshot) => snapshot.hasTag('checking'));
  const signedIn = AuthActor.useSelector(isSignedIn);
  const auth = AuthActor.useActorRef();
  const logic = useMemo(() => liveInboxMachine({ idToken: auth.idToken }), [auth]);
  // A staff email's link opens the tab and search it names; read once, as the inbox starts.
  const [params] = useSearchParams();
  const [start] = useState(() => inboxStartFrom(params));

  if (!checking && !signedIn) {
    // Back to the same tab and search once signed in.
    const linked = params.has('tab') || params.has('q');
    const back = linked ? encodeURIComponent(`/admin?${new URLSearchParams({ tab: start.tab, q: start.query }).toString()}`) : '/admin';
    return <Navigate to={`/signin?redirect=${back}`} replace />;
  }
  return (
    <Page>
      {checking ? (
        <Waiting role="status">
          <Spinner /> Checking whether you are signed in…
        </Waiting>
      ) : (
        <InboxActor.Provider logic={logic} options={{ input: start }}>
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
