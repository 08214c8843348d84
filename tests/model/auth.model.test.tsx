import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { createActor, fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { authMachine, type AuthAccount, type AuthEvent, type LocalExtras, type Session } from '../../machines/auth.machine';
import { extrasOf, type AccountProfile } from '../../src/domain/account';
import { findPlan } from '../../src/domain/plans';
import { serviceName } from '../../src/domain/catalogue';
import { Header } from '../../src/app/layout/Header';
import { SignInPage } from '../../src/features/auth/SignInPage';
import { DashboardPage } from '../../src/features/dashboard/DashboardPage';
import { isSignedIn, type AuthView } from '../../src/lib/auth/authSnapshot';
import { passwordResetRequestedMessage } from '../../src/content/authMessages';
import { failureText, passwordNotice } from '../../src/lib/auth/authWords';
import { startAuthActor } from '../../src/lib/auth/runtime';
import { storeWithActor } from '../../src/lib/auth/store';
import { renderWithApp } from '../render';
import { ashaProfile } from '../authSnapshots';
import { expectFullCoverage } from './coverage';
import { coveringPaths } from './paths';
import { modelOf } from './testable';

type Snapshot = SnapshotFrom<typeof authMachine>;
type ModelStep = { event: AnyEventObject };

// ---- the world the paths move through -------------------------------------------------------------------------

const asha: AuthAccount = { uid: 'u-asha', email: 'asha@raostores.in', displayName: 'Asha Rao', hasPassword: true };
const ravi: AuthAccount = { uid: 'u-ravi', email: 'ravi@kumarclinic.in', displayName: 'Ravi Kumar', hasPassword: false };
const meera: AuthAccount = { uid: 'u-meera', email: 'meera@example.in', displayName: 'Meera Shah', hasPassword: true };

/** Asha's browser claims Scale Up in its cache; only the server's answer may decide what she sees (D4). */
const ashaSession: Session = { account: asha, extras: { displayName: 'Asha Rao', purchasedPlan: 'scale-up', quizCompleted: true } };
const raviSession: Session = { account: ravi, extras: null };
const meeraSignedUp: Session = { account: meera, extras: null };

const withPlan: AccountProfile = ashaProfile({ purchasedPlan: 'growth-engine', purchasedAt: '2026-01-05T10:00:00.000Z' });
const withoutPlan: AccountProfile = { ...withPlan, purchasedPlan: null, purchasedAt: null, chosenPlan: 'launchpad' };

const credentials = { email: 'asha@raostores.in', password: 'correct-horse' };
const signUpDetails = { name: 'Meera Shah', email: 'meera@example.in', password: 'secret-123' };
const wrongPassword = new Error('The email or password is incorrect. Please try again.');
const emailTaken = new Error('An account with this email already exists. Sign in instead, or use another email.');
/** The server's 401 for a session it no longer accepts (a credential changed elsewhere, signed out everywhere). */
const sessionRefused = Object.assign(new Error('Your session has ended. Please sign in again.'), { status: 401, code: 'token_revoked' });

const events: AuthEvent[] = [
  { type: 'auth.changed', session: ashaSession },
  { type: 'auth.changed', session: raviSession },
  { type: 'auth.changed', session: null },
  { type: 'auth.unavailable', message: 'We could not reach the sign-in service. Check your connection and try again.' },
  { type: 'auth.signIn', ...credentials },
  { type: 'auth.signUp', ...signUpDetails, plan: 'growth-engine' },
  { type: 'auth.signUp', ...signUpDetails, plan: null },
  { type: 'auth.signInWithToken', token: 'custom-token-from-payment' },
  { type: 'auth.signOut' },
  { type: 'auth.update', changes: { businessName: 'Rao Stores Pvt Ltd', quizCompleted: true } },
  { type: 'auth.refresh' },
  { type: 'auth.setPassword', password: 'new-secret-1' },
  { type: 'auth.resetPassword', email: 'ravi@kumarclinic.in' },
  { type: 'auth.resetPassword', email: '' },
  { type: 'auth.dismissError' },
];

/** Each invoked actor once done and once failed; the sign-ins also once "done without a user" (docs/product.md §5). */
const outcomes: AnyEventObject[] = [
  { type: 'xstate.done.actor.signIn', output: ashaSession },
  { type: 'xstate.done.actor.signIn', output: null },
  { type: 'xstate.error.actor.signIn', error: wrongPassword },
  { type: 'xstate.error.actor.signIn', error: {} },
  { type: 'xstate.done.actor.signUp', output: meeraSignedUp },
  { type: 'xstate.done.actor.signUp', output: null },
  { type: 'xstate.error.actor.signUp', error: emailTaken },
  { type: 'xstate.done.actor.signInWithToken', output: raviSession },
  { type: 'xstate.done.actor.signInWithToken', output: null },
  { type: 'xstate.error.actor.signInWithToken', error: new Error('auth/invalid-custom-token') },
  { type: 'xstate.done.actor.signOut' },
  { type: 'xstate.error.actor.signOut', error: new Error('We could not reach the sign-in service.') },
  { type: 'xstate.done.actor.fetchProfile', output: withPlan },
  { type: 'xstate.done.actor.fetchProfile', output: withoutPlan },
  { type: 'xstate.error.actor.fetchProfile', error: new Error('We could not load your account details. Please try again.') },
  { type: 'xstate.error.actor.fetchProfile', error: sessionRefused },
  { type: 'xstate.done.actor.saveProfile', output: { ...withPlan, businessName: 'Rao Stores Pvt Ltd' } },
  { type: 'xstate.error.actor.saveProfile', error: new Error('We could not save your details. Please try again.') },
  { type: 'xstate.error.actor.saveProfile', error: sessionRefused },
  { type: 'xstate.done.actor.setPassword', output: 'set' },
  { type: 'xstate.done.actor.setPassword', output: 'emailed' },
  { type: 'xstate.error.actor.setPassword', error: new Error('Choose a stronger password of at least 6 characters.') },
  // Done whether or not the address has an account: the adapter answers both alike (docs/decisions/096).
  { type: 'xstate.done.actor.sendPasswordReset' },
  { type: 'xstate.error.actor.sendPasswordReset', error: new Error('Too many attempts. Please wait a few minutes and try again.') },
];

/** What changes behaviour: the state, who is signed in, whether the server's profile is known, the password flow. */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    uid: snapshot.context.user?.uid ?? null,
    profile: snapshot.context.profile !== null,
    canSetPassword: !!snapshot.context.user && !snapshot.context.user.hasPassword && !snapshot.context.passwordOutcome,
  });

const model = createTestModel(modelOf(authMachine), { events: [...events, ...outcomes] as never, serializeState });
const paths = coveringPaths(model, authMachine, serializeState);

// ---- fake effects: every promise waits until the test settles it ------------------------------------------------

const invoked = [
  'signIn',
  'signUp',
  'signInWithToken',
  'signOut',
  'fetchProfile',
  'saveProfile',
  'setPassword',
  'sendPasswordReset',
] as const;
type Invoked = (typeof invoked)[number];

function fakeEffects() {
  let sendBack: ((event: AuthEvent) => void) | null = null;
  const pending = new Map<Invoked, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const persisted: LocalExtras[] = [];
  const waiting = (id: Invoked) => fromPromise(() => new Promise((resolve, reject) => pending.set(id, { resolve, reject })));
  const logic = authMachine.provide({
    actors: {
      watchSession: fromCallback<AuthEvent>(({ sendBack: send }) => {
        sendBack = send;
        return () => (sendBack = null);
      }),
      ...(Object.fromEntries(invoked.map((id) => [id, waiting(id)])) as Record<Invoked, never>),
    },
    actions: { persistExtras: (_, { user }) => void persisted.push(extrasOf(user)) },
  });
  const settled = (id: Invoked) => {
    const entry = pending.get(id);
    if (!entry) throw new Error(`${id} is not running`);
    pending.delete(id);
    return entry;
  };
  return {
    logic,
    persisted,
    emit: (event: AuthEvent) => sendBack!(event),
    resolve: (id: Invoked, output: unknown) => settled(id).resolve(output),
    reject: (id: Invoked, error: unknown) => settled(id).reject(error),
  };
}

const actorOf = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, '') as Invoked;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function outcomeExecutors(effects: ReturnType<typeof fakeEffects>, wrap: (run: () => Promise<void>) => Promise<void>) {
  const executors: Record<string, (step: ModelStep) => Promise<void>> = {};
  for (const { type } of outcomes) {
    executors[type] = ({ event }) =>
      wrap(async () => {
        if (type.startsWith('xstate.done')) effects.resolve(actorOf(type), (event as { output?: unknown }).output);
        else effects.reject(actorOf(type), (event as { error?: unknown }).error);
        await flush();
      });
  }
  return executors;
}

describe('auth machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    const short = (event: AnyEventObject) => {
      const name = event.type.replace(/^xstate\.(done|error)\.actor\.(\w+)$/, '$2.$1').replace(/^auth\./, '');
      const detail =
        'session' in event
          ? event.session
            ? `(${event.session.account.uid})`
            : '(none)'
          : 'output' in event
            ? event.output === null
              ? '(null)'
              : typeof event.output === 'string'
                ? `(${event.output})`
                : ''
            : 'plan' in event
              ? `(plan ${event.plan})`
              : '';
      return name + detail;
    };
    console.info(
      paths
        .map(
          (path, i) =>
            `  ${String(i + 1).padStart(2)}. ${path.steps
              .slice(1)
              .map((step) => short(step.event))
              .join(' → ')}`,
        )
        .join('\n'),
    );
    expectFullCoverage('auth', authMachine, paths);
  });

  describe('on the actor', () => {
    for (const path of paths) {
      it(path.description, async () => {
        const effects = fakeEffects();
        const actor = createActor(effects.logic).start();
        const send = ({ event }: ModelStep) => void actor.send(event as AuthEvent);
        let checked = 0;
        await path.test({
          events: {
            'auth.changed': ({ event }: ModelStep) => void effects.emit(event as AuthEvent),
            'auth.unavailable': ({ event }: ModelStep) => void effects.emit(event as AuthEvent),
            'auth.signIn': send,
            'auth.signUp': send,
            'auth.signInWithToken': send,
            'auth.signOut': send,
            'auth.update': send,
            'auth.refresh': send,
            'auth.setPassword': send,
            'auth.resetPassword': send,
            'auth.dismissError': send,
            ...outcomeExecutors(effects, (run) => run()),
          } as never,
          states: {
            '*': (expected: Snapshot) => {
              checked += 1;
              const actual = actor.getSnapshot();
              expect(actual.value).toEqual(expected.value);
              expect(actual.context).toEqual(expected.context);
              // Whatever the cache said, a signed-in user is written back as the machine knows them.
              if (actual.context.user && effects.persisted.length > 0) {
                expect(effects.persisted.at(-1)).toEqual(extrasOf(actual.context.user));
              }
            },
          },
        });
        // Every step's state was compared (the initial one included).
        expect(checked).toBe(path.steps.length);
        actor.stop();
      });
    }
  });

  describe('on the rendered header, sign-in page and dashboard', () => {
    for (const path of paths) {
      it(path.description, { timeout: 30_000 }, async () => {
        const effects = fakeEffects();
        const runtime = startAuthActor(effects.logic);
        const store = storeWithActor(runtime);
        const { user, router } = renderWithApp(
          <>
            <Header />
            <Routes>
              <Route path="/signin" element={<SignInPage />} />
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="*" element={<h1>Another page</h1>} />
            </Routes>
          </>,
          { route: '/signin', auth: store },
        );
        const goto = (to: string) => act(() => router.navigate(to));
        /** Where each state is looked at: the dashboard when signed in, else the sign-in form in use. */
        const observe = async () => {
          const state = store.getSnapshot();
          if (isSignedIn(state)) await goto('/dashboard');
          else if (state.matches('signingUp')) await goto('/signin?view=signup&plan=growth-engine');
          else await goto('/signin');
        };
        const step = (run: () => Promise<void>) => async () => {
          await run();
          await observe();
        };
        let checked = 0;
        const sendToStore = ({ event }: ModelStep) => step(() => act(async () => store.send(event as AuthEvent)))();
        const fill = async (label: string | RegExp, value: string) => {
          const input = screen.getByLabelText(label);
          await user.clear(input);
          await user.type(input, value);
        };

        await path.test({
          events: {
            'auth.changed': ({ event }: ModelStep) => step(() => act(async () => effects.emit(event as AuthEvent)))(),
            'auth.unavailable': ({ event }: ModelStep) => step(() => act(async () => effects.emit(event as AuthEvent)))(),
            'auth.signIn': ({ event }: ModelStep) =>
              step(async () => {
                const { email, password } = event as Extract<AuthEvent, { type: 'auth.signIn' }>;
                await goto('/signin');
                await fill('Email', email);
                await fill('Password', password);
                await user.click(screen.getByRole('button', { name: /Sign In/ }));
              })(),
            'auth.signUp': ({ event }: ModelStep) =>
              step(async () => {
                const signUp = event as Extract<AuthEvent, { type: 'auth.signUp' }>;
                if (signUp.plan === null) {
                  // Without a plan the tab offers no form (docs/product.md §2): the event can only come from elsewhere.
                  await goto('/signin?view=signup');
                  expect(screen.getByRole('heading', { name: 'A Plan Is Required to Sign Up' })).toBeVisible();
                  expect(screen.getByRole('link', { name: /View Pricing Plans/ })).toHaveAttribute('href', '/pricing');
                  await act(async () => store.send(signUp));
                  return;
                }
                await goto(`/signin?view=signup&plan=${signUp.plan}`);
                await fill('Full Name', signUp.name);
                await fill('Email', signUp.email);
                await fill('Password', signUp.password);
                await user.click(screen.getByRole('button', { name: /Create Account/ }));
              })(),
            // The payment page and the report page send these (other issues); no view here offers them.
            'auth.signInWithToken': sendToStore,
            'auth.update': sendToStore,
            'auth.signOut': step(async () => {
              // The menu holds the header's controls on a phone-sized viewport: open it, as a person would.
              await user.click(screen.getByRole('button', { name: 'Menu' }));
              await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Sign Out' }));
              // Home first (committed), then the sign-out itself.
              await waitFor(() => expect(store.getSnapshot().matches('signingOut')).toBe(true));
              expect(router.state.location.pathname).toBe('/');
            }),
            'auth.refresh': step(async () => {
              await goto('/dashboard');
              await user.click(screen.getByRole('button', { name: /Try again/ }));
            }),
            'auth.setPassword': ({ event }: ModelStep) =>
              step(async () => {
                await goto('/dashboard');
                await fill('New password', (event as Extract<AuthEvent, { type: 'auth.setPassword' }>).password);
                await user.click(screen.getByRole('button', { name: 'Set password' }));
              })(),
            'auth.resetPassword': ({ event }: ModelStep) =>
              step(async () => {
                const { email } = event as Extract<AuthEvent, { type: 'auth.resetPassword' }>;
                await goto('/signin');
                const input = screen.getByLabelText('Email');
                await user.clear(input);
                if (email) await user.type(input, email);
                await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
              })(),
            'auth.dismissError': step(async () => {
              await goto('/signin');
              await user.click(screen.getByRole('tab', { name: 'Create Account' }));
            }),
            ...outcomeExecutors(effects, (run) => step(() => act(run))()),
          } as never,
          states: {
            '*': (expected: Snapshot) => {
              checked += 1;
              // The views read the very snapshot the machine is in.
              expect(store.getSnapshot().value).toEqual(expected.value);
              expect(store.getSnapshot().context).toEqual(expected.context);
              expectHeader(expected);
              if (isSignedIn(expected)) expectDashboard(expected);
              else expectSignInPage(expected);
            },
          },
        });
        expect(checked).toBe(path.steps.length);
        runtime.stop();
      });
    }
  });
});

// ---- what a person sees in each state ----------------------------------------------------------------------------

/**
 * The header's account controls. jsdom applies no media queries, so the header is in its phone layout with the menu
 * closed, and testing-library gives hidden elements no accessible name: they are found by their text instead.
 */
function headerControl(tag: 'a' | 'button', text: string): HTMLElement | null {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]')!;
  return [...nav.querySelectorAll<HTMLElement>(tag)].find((element) => element.textContent?.trim() === text) ?? null;
}

function expectHeader(view: AuthView) {
  const link = (name: string) => headerControl('a', name);
  if (view.hasTag('checking')) {
    // Holds its space, says nothing yet (D6).
    expect(link('Sign in')).toBeNull();
    expect(link('Dashboard')).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
  } else if (isSignedIn(view)) {
    expect(link('Dashboard')).toHaveAttribute('href', '/dashboard');
    expect(link('Sign in')).toBeNull();
    const signOut = headerControl('button', 'Sign Out');
    if (view.matches('signingOut')) expect(signOut).toBeDisabled();
    else expect(signOut).toBeEnabled();
  } else {
    expect(link('Sign in')).toHaveAttribute('href', '/signin');
    expect(link('Dashboard')).toBeNull();
  }
}

function expectSignInPage(view: AuthView) {
  const error = failureText(view.context.error);
  if (view.hasTag('checking')) {
    expect(screen.getByRole('status')).toHaveTextContent('Checking whether you are signed in…');
    expect(screen.queryByRole('tablist')).toBeNull();
    return;
  }
  expect(screen.getByRole('tablist', { name: 'Sign in or create an account' })).toBeVisible();
  const submitName = view.matches('signingUp') ? /Create Account|Processing/ : /Sign In|Processing/;
  const panel = within(screen.getByRole('tabpanel'));
  const submit = panel.getByRole('button', { name: submitName });
  if (view.matches('signingIn') || view.matches('signingUp')) {
    expect(submit).toHaveTextContent('Processing...');
    expect(submit).toBeDisabled();
  } else if (view.matches('sendingPasswordReset')) {
    // Asking for a reset link holds the whole form, Sign In included, until the answer.
    expect(submit).not.toHaveTextContent('Processing...');
    expect(submit).toBeDisabled();
    expect(panel.getByRole('button', { name: 'Sending link...' })).toBeDisabled();
  } else {
    expect(submit).not.toHaveTextContent('Processing...');
    expect(submit).toBeEnabled();
  }
  if (!view.hasTag('busy')) expect(panel.getByRole('button', { name: 'Forgot password?' })).toBeEnabled();
  if (view.matches('signingIn')) expect(panel.getByRole('button', { name: 'Forgot password?' })).toBeDisabled();
  const resetNotice = screen.queryByText(passwordResetRequestedMessage);
  if (view.context.passwordResetRequested) expect(resetNotice).toHaveAttribute('role', 'status');
  else expect(resetNotice).toBeNull();
  if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
  else expect(screen.queryByRole('alert')).toBeNull();
}

function expectDashboard(view: AuthView) {
  const { context } = view;
  const user = context.user!;
  const [error, profileError, passwordError] = [context.error, context.profileError, context.passwordError].map(failureText);
  const notice = passwordNotice(context);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    `Welcome, ${(context.profile?.displayName || user.displayName)!.split(' ')[0]}`,
  );
  expect(screen.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', '/contact');
  const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
  const expectAlert = (text: string) =>
    expect(
      alerts.some((alert) => alert.includes(text)),
      `an alert says "${text}"`,
    ).toBe(true);
  if (error) expectAlert(error);

  const profile = context.profile;
  if (view.hasTag('sessionEnded')) {
    // No plan and no Try again: only signing in again helps.
    expectAlert(profileError!);
    expect(screen.getByRole('button', { name: /Sign in again/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your Apps' })).toBeNull();
  } else if (!profile) {
    // Never the cached plan: until the server answers there is no plan on screen (D4).
    expect(screen.queryByRole('heading', { name: 'Your Apps' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Activate Your Growth Plan' })).toBeNull();
    if (view.matches({ signedIn: { profile: 'unavailable' } })) {
      expectAlert(profileError!);
      expect(screen.getByRole('button', { name: /Try again/ })).toBeEnabled();
    } else {
      expect(screen.getByText('Loading your plan…')).toBeVisible();
    }
  } else {
    const plan = findPlan(profile.purchasedPlan);
    if (plan) {
      expect(screen.getByRole('heading', { name: plan.title, level: 2 })).toBeVisible();
      expect(screen.getByRole('button', { name: /Start Setup/ })).toBeEnabled();
      expect(screen.getByText('Sample figures')).toBeVisible();
      const apps = within(screen.getByRole('region', { name: 'Your Apps' })).getAllByRole('heading', { level: 3 });
      expect(apps.map((app) => app.textContent)).toEqual(plan.includedServices.map(serviceName));
      const phases = within(screen.getByRole('region', { name: 'Project timeline' })).getAllByRole('heading', { level: 3 });
      expect(phases).toHaveLength(5);
    } else {
      expect(screen.getByRole('heading', { name: 'Activate Your Growth Plan' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'View Pricing Plans' })).toHaveAttribute('href', '/pricing');
      expect(screen.queryByRole('heading', { name: 'Your Apps' })).toBeNull();
    }
    if (profileError) expectAlert(profileError);
  }

  const setPassword = screen.queryByRole('region', { name: 'Set a password' });
  if (user.hasPassword && !context.passwordOutcome) {
    expect(setPassword).toBeNull();
  } else if (notice) {
    expect(within(setPassword!).getByRole('status')).toHaveTextContent(notice);
  } else {
    const button = within(setPassword!).getByRole('button', { name: /Set password|Saving/ });
    if (view.hasTag('passwordSaving')) {
      expect(button).toHaveTextContent('Saving...');
      expect(button).toBeDisabled();
    } else {
      expect(button).toHaveTextContent('Set password');
      expect(button).toBeEnabled();
    }
    if (passwordError) expect(within(setPassword!).getByRole('alert')).toHaveTextContent(passwordError);
  }
}
