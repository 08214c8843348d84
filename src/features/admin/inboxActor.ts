import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { inboxMachine } from '../../../machines/inbox.machine';
import {
  actOnSubscription,
  downloadCsv,
  fetchMailMessage,
  fetchPage,
  fetchSummary,
  retryForward,
  updateLead,
  type SaveFile,
} from './adminApi';

/** The inbox's actor: the bare machine by default; the page provides the live one below. */
export const InboxActor = createActorContext(inboxMachine);

export interface InboxEffects {
  /** The signed-in staff member's Firebase ID token (refreshed by Firebase when it is old). */
  idToken(): Promise<string>;
  fetchImpl?: typeof fetch;
  /** How the CSV reaches the disk; the page uses a temporary <a download>. */
  save?: SaveFile;
}

export function liveInboxMachine({ idToken, fetchImpl, save }: InboxEffects) {
  const auth = async () => ({ token: await idToken(), fetchImpl });
  return inboxMachine.provide({
    actors: {
      // The badges are reloaded with every tab and search, so they never lag far behind other staff's work.
      loadInbox: fromPromise(async ({ input }) => {
        const options = await auth();
        const [summary, page] = await Promise.all([
          fetchSummary(options),
          fetchPage(input.tab, { q: input.q, cursor: input.cursor }, options),
        ]);
        return { summary, page };
      }),
      loadPage: fromPromise(async ({ input }) => fetchPage(input.tab, { q: input.q, cursor: input.cursor }, await auth())),
      saveLead: fromPromise(async ({ input }) => updateLead(input.tab, input.id, input.update, await auth())),
      retryForward: fromPromise(async ({ input }) => retryForward(input.id, await auth())),
      actOnSubscription: fromPromise(async ({ input }) => actOnSubscription(input.id, input.action, await auth())),
      loadMail: fromPromise(async ({ input }) => fetchMailMessage(input.id, await auth())),
      exportCsv: fromPromise(async ({ input }) => {
        const { truncated } = await downloadCsv(input.tab, input.q, { ...(await auth()), ...(save ? { save } : {}) });
        return { truncated };
      }),
    },
  });
}
