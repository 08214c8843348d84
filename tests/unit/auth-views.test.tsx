import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { AuthContext } from '../../machines/auth.machine';
import { serviceName } from '../../src/domain/catalogue';
import { plans } from '../../src/domain/plans';
import { Header } from '../../src/app/layout/Header';
import { SignInPage } from '../../src/features/auth/SignInPage';
import { DashboardPage } from '../../src/features/dashboard/DashboardPage';
import { PricingPage } from '../../src/features/pricing/PricingPage';
import { AuthActor } from '../../src/lib/auth/AuthActor';
import type { AuthView } from '../../src/lib/auth/authSnapshot';
import { asha, ashaProfile as profile, authSnapshotAt, recordingStore, signedInSnapshot } from '../authSnapshots';
import { renderWithApp } from '../render';

/** Signed in as Asha with her profile loaded; `profile` names the profile region's state. */
function signedIn(context: Partial<AuthContext> = {}, profile?: 'syncing' | 'saving') {
  return signedInSnapshot(context, profile);
}

const signedOut = (context: Partial<AuthContext> = {}) => authSnapshotAt('signedOut', context);

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function renderRoutes(route: string, state: AuthView) {
  const { store, sent } = recordingStore(state);
  const rendered = renderWithApp(
    <>
      <Header />
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route, auth: store },
  );
  return { ...rendered, sent };
}

describe('the auth actor context', () => {
  it('throws outside its provider (docs/product.md §5)', () => {
    function Reader() {
      AuthActor.useActorRef();
      return null;
    }
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Reader />)).toThrow('useAuth must be used within an AuthProvider');
    } finally {
      console.error = quiet;
    }
  });
});

describe('header account area', () => {
  const accountText = () => document.querySelector('nav[aria-label="Main"] > div')!;

  it('holds its space and says nothing until the first check (D6)', () => {
    renderRoutes('/somewhere', authSnapshotAt('loading'));
    expect(accountText()).toHaveAttribute('aria-busy', 'true');
    expect(accountText().textContent).toBe('');
  });

  it('offers Dashboard and Sign Out when signed in; Sign Out goes home', async () => {
    const { user, sent, router } = renderRoutes('/somewhere', signedIn());
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.queryByRole('link', { name: 'Sign in' })).toBeNull();
    await user.click(nav.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(sent).toEqual([{ type: 'auth.signOut' }]));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('sign-in page', () => {
  it('opens on Sign In with Email and Password', () => {
    renderRoutes('/signin', signedOut());
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('view=signup opens Create Account; without a plan it asks for one', () => {
    renderRoutes('/signin?view=signup', signedOut());
    expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'A Plan Is Required to Sign Up' })).toBeVisible();
    expect(screen.getByRole('link', { name: /View Pricing Plans/ })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByLabelText('Full Name')).toBeNull();
  });

  it.each(['scale-up', 'platinum'])('treats plan=%s, which cannot be bought online, as no plan', (plan) => {
    renderRoutes(`/signin?view=signup&plan=${plan}`, signedOut());
    expect(screen.getByRole('heading', { name: 'A Plan Is Required to Sign Up' })).toBeVisible();
  });

  it('creates the account for the plan in the query', async () => {
    const { user, sent } = renderRoutes('/signin?view=signup&plan=launchpad', signedOut());
    expect(screen.getByRole('region', { name: 'Chosen plan' })).toHaveTextContent('LaunchPad₹2,500/month + ₹10,000 one-time setup');
    await user.type(screen.getByLabelText('Full Name'), 'Meera Shah');
    await user.type(screen.getByLabelText('Email'), ' meera@example.in ');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: /Create Account/ }));
    expect(sent).toEqual([
      { type: 'auth.signUp', name: 'Meera Shah', email: 'meera@example.in', password: 'secret-123', plan: 'launchpad' },
    ]);
  });

  it('switches tabs with the arrow keys, keeps the query, and clears the last error', async () => {
    const { user, sent, router } = renderRoutes('/signin?plan=launchpad', signedOut({ error: { message: 'Nope.' } }));
    screen.getByRole('tab', { name: 'Sign In' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveFocus();
    expect(router.state.location.search).toBe('?plan=launchpad&view=signup');
    expect(sent).toEqual([{ type: 'auth.dismissError' }]);
  });

  it('shows the machine’s sentence and Processing... while busy', () => {
    renderRoutes('/signin', authSnapshotAt('signingIn'));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
  });

  it('waits for the first auth check before showing any form', () => {
    renderRoutes('/signin', authSnapshotAt('loading'));
    expect(screen.getByRole('status')).toHaveTextContent('Checking whether you are signed in…');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  const location = () => screen.getByRole('status', { name: 'location' }).textContent;

  it('sends a new account on to pay for its plan, with the profile details (D4)', () => {
    const { router } = renderRoutes(
      '/signin?view=signup&plan=growth-engine',
      signedIn({ checkoutPlan: 'growth-engine', profile: null }, 'saving'),
    );
    expect(router.state.location.pathname).toBe('/payment');
    expect(router.state.location.state).toMatchObject({
      plan: 'growth-engine',
      userDetails: { fullName: 'Asha Rao', email: 'asha@raostores.in', businessName: 'Rao Stores', role: 'Owner', industry: 'Retail' },
    });
  });

  it('returns to the page that asked for sign-in (D16)', () => {
    renderRoutes('/signin?redirect=%2Fdashboard', signedIn({ profile: null }, 'syncing'));
    expect(screen.getByRole('heading', { name: /Welcome, Asha/ })).toBeVisible();
  });

  it('waits for the server before applying the §4 rules, then goes to pricing without a plan', () => {
    const { store } = recordingStore(signedIn({ profile: null, user: { ...asha, purchasedPlan: 'scale-up' } }, 'syncing'));
    renderWithApp(
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { route: '/signin', auth: store },
    );
    // The cache claims Scale Up; nothing moves until /api/me has answered.
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
  });

  it.each([
    [{ purchasedPlan: null }, '/pricing'],
    [{ purchasedPlan: 'launchpad' as const, quizCompleted: false }, '/get-started'],
    [{ purchasedPlan: 'launchpad' as const, quizCompleted: true }, '/dashboard'],
  ])('with %j from the server goes to %s', (fields, to) => {
    const { router } = renderRoutes('/signin', signedIn({ user: { ...asha, ...fields }, profile: profile(fields) }));
    expect(router.state.location.pathname).toBe(to);
    if (to !== '/dashboard' && to !== '/pricing') expect(location()).toBe(to);
  });
});

describe('dashboard', () => {
  it('sends anonymous visitors to sign in, carrying the origin', () => {
    const { router } = renderRoutes('/dashboard', signedOut());
    expect(router.state.location.pathname + router.state.location.search).toBe('/signin?redirect=/dashboard');
  });

  it('without a plan per the server: Activate Your Growth Plan, even when the cache claims one (D4)', () => {
    renderRoutes('/dashboard', signedIn({ user: { ...asha, purchasedPlan: 'scale-up', quizCompleted: true } }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Asha');
    expect(screen.getByText('Rao Stores · client dashboard')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Activate Your Growth Plan' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View Pricing Plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('region', { name: 'Your Apps' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Scale Up' })).toBeNull();
  });

  it('offers to finish paying for the plan chosen at sign-up', () => {
    renderRoutes('/dashboard', signedIn({ profile: profile({ chosenPlan: 'growth-engine' }) }));
    expect(screen.getByRole('link', { name: /Continue with Growth Engine/ })).toHaveAttribute('href', '/payment');
  });

  it('with a plan: banner, sample stats, a five-phase timeline and one app per included service', async () => {
    const purchasedAt = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
    const { user, router } = renderRoutes(
      '/dashboard',
      signedIn({ profile: profile({ purchasedPlan: 'scale-up', purchasedAt }), user: { ...asha, purchasedPlan: 'scale-up' } }),
    );
    expect(screen.getByRole('heading', { name: 'Scale Up', level: 2 })).toBeVisible();
    expect(screen.getByRole('link', { name: /Contact Support/ })).toHaveAttribute('href', '/contact');

    const results = screen.getByRole('region', { name: /Results/ });
    expect(within(results).getByText('Sample figures')).toBeVisible();
    expect(
      within(results)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Leads generated', 'Conversion rate', 'Website traffic', 'Ad spend']);

    const timeline = screen.getByRole('region', { name: 'Project timeline' });
    const phases = within(timeline).getAllByRole('heading', { level: 3 });
    expect(phases).toHaveLength(5);
    // Forty days in: onboarding done, setup under way.
    expect(
      within(timeline)
        .getAllByText(/^(Completed|In Progress|Pending)$/)
        .map((status) => status.textContent),
    ).toEqual(['Completed', 'In Progress', 'Pending', 'Pending', 'Pending']);

    const apps = within(screen.getByRole('region', { name: 'Your Apps' })).getAllByRole('heading', { level: 3 });
    const scaleUp = plans.find((plan) => plan.key === 'scale-up')!;
    expect(apps.map((app) => app.textContent)).toEqual(scaleUp.includedServices.map(serviceName));
    expect(apps).toHaveLength(7);

    await user.click(screen.getByRole('button', { name: /Start Setup/ }));
    expect(router.state.location.pathname).toBe('/get-started');
  });

  it('offers Set a password only to accounts without one (D13)', async () => {
    const { user, sent } = renderRoutes('/dashboard', signedIn({ user: { ...asha, hasPassword: false } }));
    const panel = screen.getByRole('region', { name: 'Set a password' });
    expect(panel).toHaveTextContent('asha@raostores.in');
    await user.type(within(panel).getByLabelText('New password'), 'new-secret-1');
    await user.click(within(panel).getByRole('button', { name: 'Set password' }));
    expect(sent).toEqual([{ type: 'auth.setPassword', password: 'new-secret-1' }]);
  });

  it('has a collapsible sidebar with Dashboard, Help Center and Sign Out', async () => {
    const { user, sent, router } = renderRoutes('/dashboard', signedIn());
    const sidebar = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    const toggle = sidebar.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(sidebar.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');

    await user.click(toggle);
    expect(sidebar.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    // Collapsed, every item keeps its accessible name.
    expect(sidebar.getByRole('link', { name: 'Help Center' })).toBeInTheDocument();

    await user.click(sidebar.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(sent).toEqual([{ type: 'auth.signOut' }]));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('pricing Buy Now', () => {
  it('hands over the signed-in profile instead of the guest defaults (docs/product.md §2)', async () => {
    const { user, router } = renderRoutes('/pricing', signedIn());
    await user.click(screen.getByRole('link', { name: 'Buy Now: LaunchPad' }));
    expect(router.state.location.pathname).toBe('/payment');
    expect(router.state.location.state).toMatchObject({
      plan: 'launchpad',
      userDetails: {
        fullName: 'Asha Rao',
        email: 'asha@raostores.in',
        businessName: 'Rao Stores',
        role: 'Owner',
        industry: 'Retail',
        phone: '',
      },
    });
  });

  it('uses the guest defaults when signed out', async () => {
    const { user, router } = renderRoutes('/pricing', signedOut());
    await user.click(screen.getByRole('link', { name: 'Buy Now: Growth Engine' }));
    expect(router.state.location.state).toMatchObject({ userDetails: { fullName: 'Guest User', businessName: 'My Business' } });
  });
});
