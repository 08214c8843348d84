import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { ArrowRight, BadgeCheck, LogIn } from 'lucide-react';
import { Button, ButtonLink } from '../../ui/Button';
import { FieldGroup, FormAlert, Input, Label, Fieldset } from '../../ui/form';
import { AuthActor } from '../../lib/auth/AuthActor';
import { passwordResetRequestedMessage } from '../../content/authMessages';
import { failureText } from '../../lib/auth/authWords';
import { formatInr } from '../../domain/money';
import type { Plan } from '../../domain/plans';

/** Reads a submitted form's text field; the browser has already checked `required` and the email format. */
function field(event: FormEvent<HTMLFormElement>, name: string): string {
  return String(new FormData(event.currentTarget).get(name) ?? '');
}

/**
 * The form's error, which takes focus when an answer brings it: the submit button that had focus was disabled while
 * the request ran, so focus would otherwise be lost to the page. An error already there when the form appears (after
 * a tab switch) leaves focus where the person put it (docs/decisions/131-error-summary-focus.md).
 */
function ErrorLine() {
  const error = AuthActor.useSelector((snapshot) => failureText(snapshot.context.error));
  const line = useRef<HTMLParagraphElement>(null);
  const shown = useRef(error);
  useEffect(() => {
    if (error && error !== shown.current) line.current?.focus();
    shown.current = error;
  }, [error]);
  return error ? (
    <FormAlert ref={line} role="alert" tabIndex={-1}>
      {error}
    </FormAlert>
  ) : null;
}

export function SignInForm() {
  const signingIn = AuthActor.useSelector((snapshot) => snapshot.matches('signingIn'));
  const resetting = AuthActor.useSelector((snapshot) => snapshot.matches('sendingPasswordReset'));
  const resetRequested = AuthActor.useSelector((snapshot) => snapshot.context.passwordResetRequested);
  const auth = AuthActor.useActorRef();
  const email = useRef<HTMLInputElement>(null);
  const busy = signingIn || resetting;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    auth.send({ type: 'auth.signIn', email: field(event, 'email').trim(), password: field(event, 'password') });
  };
  // The link goes to the address typed above; the machine asks for one when the field is empty.
  const forgot = () => auth.send({ type: 'auth.resetPassword', email: email.current?.value.trim() ?? '' });

  return (
    <Form onSubmit={submit} aria-label="Sign in">
      <ErrorLine />
      {resetRequested && <Notice role="status">{passwordResetRequestedMessage}</Notice>}
      <Fieldset disabled={busy}>
        <FieldGroup>
          <Label htmlFor="signin-email">Email</Label>
          <Input ref={email} id="signin-email" name="email" type="email" autoComplete="email" required />
        </FieldGroup>
        <FieldGroup>
          <PasswordLabelRow>
            <Label htmlFor="signin-password">Password</Label>
            <ForgotButton type="button" onClick={forgot} disabled={busy}>
              {resetting ? 'Sending link...' : 'Forgot password?'}
            </ForgotButton>
          </PasswordLabelRow>
          <Input id="signin-password" name="password" type="password" autoComplete="current-password" required />
        </FieldGroup>
      </Fieldset>
      <Button type="submit" $size="lg" $block disabled={busy}>
        {signingIn ? 'Processing...' : 'Sign In'} {!signingIn && <LogIn aria-hidden="true" size={18} />}
      </Button>
      <Aside>
        New to GrowthPath? Accounts are created with a plan: <Link to="/pricing">choose yours</Link>.
      </Aside>
    </Form>
  );
}

/** Create Account needs a plan sold online in the query (docs/product.md §2, §5); without one it points to pricing. */
export function CreateAccountPanel({ plan }: { plan: Plan | undefined }) {
  const busy = AuthActor.useSelector((snapshot) => snapshot.matches('signingUp'));
  const auth = AuthActor.useActorRef();

  if (!plan) {
    return (
      <PlanRequired>
        <h2>A Plan Is Required to Sign Up</h2>
        <p>
          Your account is created together with your plan. Choose the plan that fits your business, then create your account and continue to
          secure checkout.
        </p>
        <ErrorLine />
        <ButtonLink to="/pricing" $size="lg" $block>
          View Pricing Plans <ArrowRight aria-hidden="true" size={18} />
        </ButtonLink>
      </PlanRequired>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    auth.send({
      type: 'auth.signUp',
      name: field(event, 'name').trim(),
      email: field(event, 'email').trim(),
      password: field(event, 'password'),
      plan: plan.key,
    });
  };

  return (
    <Form onSubmit={submit} aria-label="Create account">
      <ChosenPlan aria-label="Chosen plan">
        <BadgeCheck aria-hidden="true" size={22} />
        <div>
          <strong>{plan.title}</strong>
          <span>
            {formatInr(plan.monthlyFee)}/month + {formatInr(plan.setupFee)} one-time setup
          </span>
        </div>
        <Link to="/pricing">Change plan</Link>
      </ChosenPlan>
      <ErrorLine />
      <Fieldset disabled={busy}>
        <FieldGroup>
          <Label htmlFor="signup-name">Full Name</Label>
          <Input id="signup-name" name="name" type="text" autoComplete="name" required />
        </FieldGroup>
        <FieldGroup>
          <Label htmlFor="signup-email">Email</Label>
          <Input id="signup-email" name="email" type="email" autoComplete="email" required />
        </FieldGroup>
        <FieldGroup>
          <Label htmlFor="signup-password">Password</Label>
          <Input
            id="signup-password"
            name="password"
            type="password"
            autoComplete="new-password"
            aria-describedby="signup-password-hint"
            required
          />
          <Hint id="signup-password-hint">At least 6 characters.</Hint>
        </FieldGroup>
      </Fieldset>
      <Button type="submit" $size="lg" $block disabled={busy}>
        {busy ? 'Processing...' : 'Create Account'} {!busy && <ArrowRight aria-hidden="true" size={18} />}
      </Button>
      <Aside>Next: secure checkout for {plan.title}. Your plan starts once your payment is confirmed.</Aside>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};
  border: 1px solid ${({ theme }) => theme.color.brandLine};
  color: ${({ theme }) => theme.color.brandInk};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
`;

const PasswordLabelRow = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

const ForgotButton = styled.button`
  border: 0;
  padding: 0;
  background: none;
  color: ${({ theme }) => theme.color.brand};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    text-decoration: underline;
  }
  &:disabled {
    color: ${({ theme }) => theme.color.muted};
    cursor: default;
  }
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
`;

const Aside = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
  a {
    color: ${({ theme }) => theme.color.brand};
    font-weight: 600;
  }
`;

const PlanRequired = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};
  border: 1px solid ${({ theme }) => theme.color.brandLine};
  text-align: center;
  h2 {
    font-size: ${({ theme }) => theme.size.lg};
    color: ${({ theme }) => theme.color.brandInk};
  }
  p {
    color: ${({ theme }) => theme.color.text};
  }
`;

const ChosenPlan = styled.section`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.brandSoft};
  border: 1px solid ${({ theme }) => theme.color.brandLine};
  > svg {
    flex: none;
    color: ${({ theme }) => theme.color.brand};
  }
  div {
    display: grid;
    flex: 1;
    min-width: 0;
  }
  strong {
    color: ${({ theme }) => theme.color.brandInk};
  }
  span {
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.text};
  }
  a {
    font-size: ${({ theme }) => theme.size.sm};
    font-weight: 700;
    color: ${({ theme }) => theme.color.brand};
  }
`;
