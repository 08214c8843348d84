import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AccountChangedEvent, AccountFacts, UpdateProfileLogic } from '../../machines/visitorAccount';
import type { ProfileUpdate } from '../domain/account';
import { AuthActor } from './auth/AuthActor';
import { isSignedIn } from './auth/authSnapshot';

/**
 * The provider edge between the auth context and the funnel machines (quiz, report): the only place their account
 * facts and their `updateProfile` effect come from (docs/decisions/048-quiz-account-seams.md). Pages use it where
 * they provide their machine; views never see it.
 */

export interface FunnelAccount {
  /** The facts the machine starts with (its input); AccountFeed sends later changes. */
  facts: AccountFacts;
  /** The live `updateProfile` actor: hands the changes to the auth context, which saves them (PATCH /api/me). */
  updateProfile: UpdateProfileLogic;
  /** The signed-in account's ID token, else undefined: a lead sent with it is the account's own (its language). */
  idTokenIfSignedIn: () => Promise<string | undefined>;
}

export function useFunnelAccount(): FunnelAccount {
  const signedIn = AuthActor.useSelector(isSignedIn);
  const hasPurchasedPlan = AuthActor.useSelector((snapshot) => isSignedIn(snapshot) && !!snapshot.context.profile?.purchasedPlan);
  const auth = AuthActor.useActorRef();
  const facts = useMemo(() => ({ signedIn, hasPurchasedPlan }), [signedIn, hasPurchasedPlan]);
  const updateProfile = useMemo(
    () => fromPromise<void, ProfileUpdate>(async ({ input }) => auth.send({ type: 'auth.update', changes: input })),
    [auth],
  );
  return { facts, updateProfile, idTokenIfSignedIn: auth.idTokenIfSignedIn };
}

/** Any actor context whose machine takes `account.changed` (createActorContext's result). */
interface AccountAware {
  useActorRef(): { send(event: AccountChangedEvent): void };
}

/**
 * Rendered inside a funnel's Provider: tells the running machine whenever the account facts change (the auth check
 * finishing after the page opened, a sign-in in another tab). Syncing an actor with React state is what an effect
 * is for; this is the one such effect in the funnels.
 */
export function AccountFeed({ actorContext, facts }: { actorContext: AccountAware; facts: AccountFacts }) {
  const actor = actorContext.useActorRef();
  useEffect(() => {
    actor.send({ type: 'account.changed', ...facts });
  }, [actor, facts]);
  return null;
}
