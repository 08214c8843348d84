import { assign, fromPromise, setup } from 'xstate';
import { reportLinkTokenPattern, type ReportEmailReceipt } from '../src/domain/wire';

/**
 * The page a quiz reply's link opens (docs/decisions/188): the owner of the address asks for the report PDF by email.
 * The reply to an address nobody confirmed carries no attachment; this button, pressed by whoever holds that email,
 * is the confirmation. A GET never sends anything, so a mail scanner that opens links sends nothing either.
 *
 *   ready -> sending -> sent | alreadySent | invalid (the server knows no such link), or ready with the problem said
 *   a link without its secret is invalid at once
 *
 * The machine names its one effect, `requestReport`; the page supplies it with `.provide()`.
 */

export interface ReportEmailInput {
  /** The secret from the link's `token`, as the address bar holds it; null when there is none. */
  token: string | null;
}

export interface ReportEmailContext extends ReportEmailInput {
  /** Why the last request got no answer it could act on; the button is offered again. */
  problem: string | null;
}

export type ReportEmailEvent = { type: 'reportEmail.send' };

const NO_ANSWER = 'We could not reach GrowthPath. Check your connection and try again.';

export const reportEmailMachine = setup({
  types: {
    context: {} as ReportEmailContext,
    events: {} as ReportEmailEvent,
    input: {} as ReportEmailInput,
  },
  actors: {
    requestReport: fromPromise<ReportEmailReceipt['result'], { token: string }>(async () => {
      throw new Error('requestReport must be provided by the app');
    }),
  },
  guards: {
    noSecret: ({ context }) => context.token === null || !reportLinkTokenPattern.test(context.token),
    alreadySent: ({ event }) => (event as { output?: unknown }).output === 'already_sent',
    // The server answers 404 for a link it does not know or that has expired: asking again cannot help.
    unknownLink: ({ event }) => ((event as { error?: { status?: unknown } }).error?.status ?? 0) === 404,
  },
  actions: {
    clearProblem: assign({ problem: null }),
    noteProblem: assign({
      problem: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return error instanceof Error && error.message ? error.message : NO_ANSWER;
      },
    }),
  },
}).createMachine({
  id: 'reportEmail',
  context: ({ input }) => ({ token: input.token, problem: null }),
  initial: 'ready',
  states: {
    ready: {
      always: { guard: 'noSecret', target: 'invalid' },
      on: { 'reportEmail.send': { target: 'sending', actions: 'clearProblem' } },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestReport',
        src: 'requestReport',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [{ guard: 'alreadySent', target: 'alreadySent' }, { target: 'sent' }],
        onError: [
          { guard: 'unknownLink', target: 'invalid' },
          { target: 'ready', actions: 'noteProblem' },
        ],
      },
    },
    sent: { type: 'final' },
    alreadySent: { type: 'final' },
    invalid: { type: 'final' },
  },
});
