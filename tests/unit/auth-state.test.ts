import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { authMachine, type AuthEvent, type Session } from '../../machines/auth.machine';
import { authStateOf } from '../../src/lib/auth/authState';

/**
 * The view of the auth machine (src/lib/auth/authState.ts): the machine names what happened, the view says it in the
 * words people read (src/content/authMessages.ts). These are the sentences the site has always shown.
 */

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
  return { actor, emit: (event: AuthEvent) => emit(event), view: () => authStateOf(actor.getSnapshot()) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the auth view', () => {
  it('asks for a plan when an account is created without one', () => {
    const { actor, emit, view } = started();
    emit({ type: 'auth.changed', session: null });
    actor.send({ type: 'auth.signUp', name: 'Meera', email: 'm@example.in', password: 'secret-123', plan: null });
    expect(view()).toMatchObject({ status: 'signedOut', error: 'Please select a plan from our pricing page to create an account.' });
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
    expect(view().status).toBe('loading');
    actor.send({ type: 'auth.signInWithToken', token: 'minted-after-payment' });
    expect(view()).toMatchObject({ status: 'signedOut', activity: 'customToken' });
    await settled();
    expect(view()).toMatchObject({ status: 'signedOut', activity: null, error: 'Sign in with custom token failed.' });
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
