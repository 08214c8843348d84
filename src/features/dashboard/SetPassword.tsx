import type { FormEvent } from 'react';
import styled from 'styled-components';
import { KeyRound } from 'lucide-react';
import { Button } from '../../ui/Button';
import { FieldGroup, FormAlert, Input, Label } from '../../ui/form';
import { media } from '../../ui/theme';
import { AuthActor } from '../../lib/auth/AuthActor';
import { failureText, passwordNotice } from '../../lib/auth/authWords';

/** D13: an account created at payment has no password; this lets the client set one to sign in again later. */
export function SetPassword({ email }: { email: string | null }) {
  const saving = AuthActor.useSelector((snapshot) => snapshot.hasTag('passwordSaving'));
  const notice = AuthActor.useSelector((snapshot) => passwordNotice(snapshot.context));
  const error = AuthActor.useSelector((snapshot) => failureText(snapshot.context.passwordError));
  const auth = AuthActor.useActorRef();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    auth.send({ type: 'auth.setPassword', password: String(new FormData(event.currentTarget).get('password') ?? '') });
  };

  return (
    <Panel aria-labelledby="set-password-title">
      <KeyRound aria-hidden="true" size={26} />
      <div>
        <h2 id="set-password-title">Set a password</h2>
        <p>
          Your account was created with your payment. Set a password so you can sign in again later with{' '}
          <strong>{email ?? 'your email'}</strong>.
        </p>
      </div>
      {notice ? (
        <Notice role="status">{notice}</Notice>
      ) : (
        <Form onSubmit={submit} aria-label="Set a password">
          {error && <FormAlert role="alert">{error}</FormAlert>}
          <FieldGroup>
            <Label htmlFor="new-password">New password</Label>
            <Input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              aria-describedby="new-password-hint"
              required
              disabled={saving}
            />
            <Hint id="new-password-hint">At least 6 characters.</Hint>
          </FieldGroup>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Set password'}
          </Button>
        </Form>
      )}
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.accentSoft};
  border: 1px solid #fed7aa;
  > svg {
    color: ${({ theme }) => theme.color.accentInk};
  }
  h2 {
    font-size: ${({ theme }) => theme.size.lg};
  }
  /* The introduction only: the form's alert keeps its own colour and spacing. */
  > div > p {
    color: ${({ theme }) => theme.color.text};
    margin-top: ${({ theme }) => theme.space(1)};
  }
  ${media.md} {
    grid-template-columns: auto 1fr;
    padding: ${({ theme }) => theme.space(8)};
    > form,
    > p {
      grid-column: 2;
    }
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 26rem;
  button {
    justify-self: start;
  }
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted} !important;
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.successSoft};
  color: ${({ theme }) => theme.color.success} !important;
  font-weight: 600;
`;
