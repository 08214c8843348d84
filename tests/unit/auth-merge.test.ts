import { describe, expect, it } from 'vitest';
import {
  extrasOf,
  mergeUser,
  paidUser,
  signUpUser,
  userWithChanges,
  userWithProfile,
  type AccountProfile,
  type AuthAccount,
  type LocalExtras,
} from '../../src/domain/account';

/**
 * How the user the site shows is put together from the identity provider's account, the browser's cache and the
 * server's profile (src/domain/account.ts). The cache only ever feeds a first paint; the server decides the plan
 * (docs/decisions/051).
 */

const asha: AuthAccount = { uid: 'u-asha', email: 'asha@raostores.in', displayName: 'Asha R', hasPassword: true };
const cached: LocalExtras = { displayName: 'Asha Rao', purchasedPlan: 'scale-up', quizCompleted: true };
const profile: AccountProfile = {
  uid: 'u-asha',
  email: 'asha@rao.in',
  displayName: 'Asha Rao Sharma',
  businessName: 'Rao Stores',
  role: 'Owner',
  industry: 'Retail',
  quizCompleted: false,
  chosenPlan: 'launchpad',
  purchasedPlan: null,
  purchasedAt: null,
};

describe('mergeUser', () => {
  it('from the account alone: its name, no plan, the quiz not done', () => {
    expect(mergeUser(asha, null)).toEqual({
      uid: 'u-asha',
      email: 'asha@raostores.in',
      displayName: 'Asha R',
      businessName: null,
      role: null,
      industry: null,
      purchasedPlan: null,
      quizCompleted: false,
      hasPassword: true,
    });
  });

  it('with the cache: its name and plan for a first paint', () => {
    expect(mergeUser(asha, cached)).toMatchObject({ displayName: 'Asha Rao', purchasedPlan: 'scale-up', quizCompleted: true });
  });

  it('once the server has answered, its plan replaces the cached one, even when it has none', () => {
    const user = mergeUser(asha, cached, profile);
    expect(user.purchasedPlan).toBeNull();
    expect(user).toMatchObject({ email: 'asha@rao.in', displayName: 'Asha Rao Sharma', businessName: 'Rao Stores' });
    // A quiz finished in this browser still counts until the server has it too.
    expect(user.quizCompleted).toBe(true);
  });

  it('falls back through the names: server, cache, account, none', () => {
    const unnamed = { ...profile, displayName: null };
    expect(mergeUser(asha, cached, unnamed).displayName).toBe('Asha Rao');
    expect(mergeUser(asha, { ...cached, displayName: null }, unnamed).displayName).toBe('Asha R');
    expect(mergeUser({ ...asha, displayName: null }, null, unnamed).displayName).toBeNull();
  });
});

describe('userWithProfile', () => {
  it('takes the server’s fields and plan, and keeps a name the server lacks', () => {
    const user = mergeUser(asha, cached);
    const merged = userWithProfile(user, { ...profile, displayName: null, purchasedPlan: 'growth-engine', quizCompleted: true });
    expect(merged).toMatchObject({
      displayName: 'Asha Rao',
      email: 'asha@rao.in',
      businessName: 'Rao Stores',
      role: 'Owner',
      industry: 'Retail',
      purchasedPlan: 'growth-engine',
      quizCompleted: true,
      hasPassword: true,
    });
  });
});

describe('userWithChanges', () => {
  it('applies the client’s own fields at once, but never the chosen plan (an intention, not a user field)', () => {
    const user = mergeUser(asha, null);
    const changed = userWithChanges(user, { businessName: 'Rao Stores Pvt Ltd', quizCompleted: true, chosenPlan: 'launchpad' });
    expect(changed).toMatchObject({ businessName: 'Rao Stores Pvt Ltd', quizCompleted: true, purchasedPlan: null });
    expect(changed).not.toHaveProperty('chosenPlan');
  });
});

describe('extrasOf', () => {
  it('caches the name, the plan and the quiz, nothing else', () => {
    expect(extrasOf(mergeUser(asha, cached, { ...profile, purchasedPlan: 'launchpad' }))).toEqual({
      displayName: 'Asha Rao Sharma',
      purchasedPlan: 'launchpad',
      quizCompleted: true,
    });
  });
});

describe('a new account and a paid one', () => {
  it('sign-up: the quiz not done, no plan yet, and the name and chosen plan go to the server', () => {
    const { user, update } = signUpUser(asha, 'growth-engine');
    expect(user).toMatchObject({ displayName: 'Asha R', purchasedPlan: null, quizCompleted: false });
    expect(update).toEqual({ quizCompleted: false, displayName: 'Asha R', chosenPlan: 'growth-engine' });
    expect(signUpUser({ ...asha, displayName: null }, null).update).toEqual({ quizCompleted: false });
  });

  it('a custom-token sign-in after payment: the quiz was part of buying', () => {
    const { user, update } = paidUser({ ...asha, hasPassword: false }, { displayName: 'Asha Rao', quizCompleted: false });
    expect(user).toMatchObject({ displayName: 'Asha Rao', quizCompleted: true, hasPassword: false });
    expect(update).toEqual({ quizCompleted: true });
  });
});
