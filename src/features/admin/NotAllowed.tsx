import styled from 'styled-components';
import { ShieldX } from 'lucide-react';
import { Button, ButtonLink } from '../../ui/Button';
import { AuthActor } from '../../lib/auth/AuthActor';

/** A signed-in account without the staff claim (or a session the server refused): a plain page, no inbox. */
export function NotAllowed() {
  const auth = AuthActor.useActorRef();
  return (
    <Plain>
      <ShieldX aria-hidden="true" size={40} />
      <h1>This page is for GrowthPath staff.</h1>
      <p>Your account does not have staff access. If you were just given access, sign out and sign in again so your account picks it up.</p>
      <Actions>
        <Button type="button" onClick={() => auth.send({ type: 'auth.signOut' })}>
          Sign out
        </Button>
        <ButtonLink to="/" $variant="secondary">
          Go to the home page
        </ButtonLink>
      </Actions>
    </Plain>
  );
}

export function SessionExpired() {
  const auth = AuthActor.useActorRef();
  return (
    <Plain>
      <h1>Your session has ended.</h1>
      <p>The server did not accept your sign-in any more. Sign in again to open the inbox.</p>
      <Actions>
        {/* Signed out, /admin sends staff to sign in and back; /signin itself would return a held session here. */}
        <Button type="button" onClick={() => auth.send({ type: 'auth.signOut' })}>
          Sign in again
        </Button>
      </Actions>
    </Plain>
  );
}

export const Plain = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space(4)};
  max-width: ${({ theme }) => theme.width.prose};
  padding: ${({ theme }) => theme.space(16)} 0;
  svg {
    color: ${({ theme }) => theme.color.muted};
  }
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  p {
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;
