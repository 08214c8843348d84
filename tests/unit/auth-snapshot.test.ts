import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { authMachine, type AuthEvent, type Session } from '../../machines/auth.machine';
import { isSignedIn, placeholderAuthSnapshot } from '../../src/lib/auth/authSnapshot';
import { failureText, passwordNotice } from '../../src/lib/auth/authWords';
import type { AuthView } from '../../src/lib/auth/authSnapshot';

/**
 * What views read of the auth machine's snapshot: the machine names what happened, src/content/authMessages.ts says it
 * in the words people read. These are the sentences the site has always shown.
 */

/** The facts the views pick from a snapshot. */
function viewOf(snapshot: AuthView) {
  return {
    signedIn: isSignedIn(snapshot),
    checking: snapshot.hasTag('checking'),
    tokenSignIn: snapshot.matches('signingInWithToken'),
    error: failureText(snapshot.context.error),
    passwordSaving: snapshot.hasTag('passwordSaving'),
    passwordNotice: passwordNotice(snapshot.context),
    passwordError: failureText(snapshot.context.passwordError),
    user: snapshot.context.user,
  };
}

const ravi: Session = {
  account: { uid: 'u-ravi', email: 'ravi@kumarclinic.in', displayName: 'Ravi Kumar', hasPassword: false },
  extras: null,
};

function started(outcomes: Partial<Record<'signIn' | 'signInWithToken' | 'setPassword', () => Promise<unknown>>> = {}) {
  let emit: (event: AuthEvent) => void = () => undefined;
  const never = () => new Promise<never>(() => undefined);
  const actor = createActor(
    authMachine.provide({
      actors: {
        watchSession: fromCallback<AuthEvent>(({ sendBack }) => void (emit = sendBack)),
        signIn: fromPromise(outcomes.signIn ?? never) as never,
        signInWithToken: fromPromise(outcomes.signInWithToken ?? never) as never,
        setPassword: fromPromise(outcomes.setPassword ?? never) as never,
        fetchProfile: fromPromise(never) as never,
      },
    }),
  ).start();
  return { actor, emit: (event: AuthEvent) => emit(event), view: () => viewOf(actor.getSnapshot()) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the placeholder the first bundle shows before the machine loads', () => {
  it('is the machine’s own initial state and context, read the same way', () => {
    const machine = createActor(authMachine).getSnapshot();
    const placeholder = placeholderAuthSnapshot('loading');
    expect(placeholder.context).toEqual(machine.context);
    expect(placeholder.value).toEqual(machine.value);
    for (const value of ['loading', 'signedOut', 'signedIn', 'signingIn'] as const) {
      expect(placeholder.matches(value)).toBe(machine.matches(value));
    }
    for (const tag of ['checking', 'busy', 'profileLoading', 'passwordSaving'] as const) {
      expect(placeholder.hasTag(tag)).toBe(machine.hasTag(tag));
    }
  });

  it('reads as signed out, with the reason when sign-in could not load', () => {
    const signedOut = placeholderAuthSnapshot('signedOut', { message: 'Offline.' });
    expect(viewOf(signedOut)).toMatchObject({ signedIn: false, checking: false, error: 'Offline.' });
    expect(signedOut.matches('signedOut')).toBe(true);
  });
});

describe('the auth snapshot in words', () => {
  it('asks for a plan when an account is created without one', () => {
    const { actor, emit, view } = started();
    emit({ type: 'auth.changed', session: null });
    actor.send({ type: 'auth.signUp', name: 'Meera', email: 'm@example.in', password: 'secret-123', plan: null });
    expect(view()).toMatchObject({ signedIn: false, error: 'Please select a plan from our pricing page to create an account.' });
  });

  it('says a sign-in that found nobody failed, and shows a thrown sentence as it is', async () => {
    const nobody = started({ signIn: async () => null });
    nobody.emit({ type: 'auth.changed', session: null });
    nobody.actor.send({ type: 'auth.signIn', email: 'a@b.in', password: 'x' });
    await settled();
    expect(nobody.view().error).toBe('Sign in failed, user not found.');

    const refused = started({ signIn: async () => Promise.reject(new Error('The email or password is incorrect. Please try again.')) });
    refused.emit({ type: 'auth.changed', session: null });
    refused.actor.send({ type: 'auth.signIn', email: 'a@b.in', password: 'x' });
    await settled();
    expect(refused.view().error).toBe('The email or password is incorrect. Please try again.');

    const silent = started({ signIn: async () => Promise.reject({}) });
    silent.emit({ type: 'auth.changed', session: null });
    silent.actor.send({ type: 'auth.signIn', email: 'a@b.in', password: 'x' });
    await settled();
    expect(silent.view().error).toBe('An unexpected error occurred.');
  });

  it('takes a custom token even before the first check has answered, and says plainly when it fails', async () => {
    const { actor, view } = started({ signInWithToken: async () => Promise.reject(new Error('auth/invalid-custom-token')) });
    expect(view().checking).toBe(true);
    actor.send({ type: 'auth.signInWithToken', token: 'minted-after-payment' });
    expect(view()).toMatchObject({ signedIn: false, tokenSignIn: true });
    await settled();
    expect(view()).toMatchObject({ signedIn: false, tokenSignIn: false, error: 'Sign in with custom token failed.' });
  });

  it('words the answer to setting a password, with the address the link went to', async () => {
    const emailed = started({ setPassword: async () => 'emailed' });
    emailed.emit({ type: 'auth.changed', session: ravi });
    emailed.actor.send({ type: 'auth.setPassword', password: 'new-secret-1' });
    expect(emailed.view().passwordSaving).toBe(true);
    await settled();
    expect(emailed.view().passwordNotice).toBe('For your security, we have emailed a link to ravi@kumarclinic.in to set your password.');

    const set = started({ setPassword: async () => 'set' });
    set.emit({ type: 'auth.changed', session: ravi });
    set.actor.send({ type: 'auth.setPassword', password: 'new-secret-1' });
    await settled();
    expect(set.view()).toMatchObject({
      passwordSaving: false,
      passwordNotice: 'Your password is set. Next time, sign in with your email and this password.',
      passwordError: null,
    });
    expect(set.view().user?.hasPassword).toBe(true);
  });
});
