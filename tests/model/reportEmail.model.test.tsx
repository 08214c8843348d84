import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { createActor, createMachine, fromPromise, waitFor as waitForActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { reportEmailMachine, type ReportEmailInput } from '../../machines/reportEmail.machine';
import { reportEmailEn } from '../../src/content/reportEmail.en';
import { reportEmailHi } from '../../src/content/reportEmail.hi';
import { ReportEmailActor } from '../../src/features/report-email/reportEmailActor';
import { ReportEmailPanel } from '../../src/features/report-email/ReportEmailPage';
import { theme } from '../../src/ui/theme';
import { expectFullCoverage } from './coverage';
import { coveringPaths } from './paths';
import { modelOf } from './testable';

/**
 * The page a quiz reply's link opens (docs/decisions/188): every path of its machine, on the bare actor and on the
 * rendered panel, from a link with its secret and from one without.
 */

type Snapshot = SnapshotFrom<typeof reportEmailMachine>;

const withSecret: ReportEmailInput = { token: 'Qk9vTmp2eEhLX3Rlc3RfdG9rZW5fMzIx' };
const withoutSecret: ReportEmailInput = { token: null };
const unknownLink = Object.assign(new Error('This link is not valid or has expired. Take the quiz again to get your growth plan.'), {
  status: 404,
});
const noAnswer = Object.assign(new Error('We could not reach GrowthPath. Check your connection and try again.'), { status: 0 });

/** xstate/graph starts machines without input, so each link is baked into a model machine of its own. */
const opened = (input: ReportEmailInput) =>
  createMachine(
    { ...reportEmailMachine.config, context: { ...input, problem: null } } as never,
    reportEmailMachine.implementations as never,
  ) as unknown as typeof reportEmailMachine;

const serializeState = (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, problem: snapshot.context.problem });

const events = [
  { type: 'reportEmail.send' },
  { type: 'xstate.done.actor.requestReport', output: 'sent' },
  { type: 'xstate.done.actor.requestReport', output: 'already_sent' },
  { type: 'xstate.error.actor.requestReport', error: unknownLink },
  { type: 'xstate.error.actor.requestReport', error: noAnswer },
];

const pathsFor = (input: ReportEmailInput) => {
  const machine = opened(input);
  const model = createTestModel(modelOf(machine), { events: events as never, serializeState });
  return coveringPaths(model, machine, serializeState).map((path) => ({ path, input }));
};
const paths = [...pathsFor(withSecret), ...pathsFor(withoutSecret)];

/** The server's answer, held until the path settles it. */
function pendingServer() {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  const tokens: string[] = [];
  const requestReport = fromPromise<'sent' | 'already_sent', { token: string }>(({ input }) => {
    tokens.push(input.token);
    return new Promise((resolve, reject) => (settle = { resolve: resolve as never, reject }));
  });
  return { logic: reportEmailMachine.provide({ actors: { requestReport } }), tokens, settle: () => settle! };
}

const settleWith = (server: ReturnType<typeof pendingServer>) => ({
  'xstate.done.actor.requestReport': (step: { event: { output: unknown } }) => server.settle().resolve(step.event.output),
  'xstate.error.actor.requestReport': (step: { event: { error: unknown } }) => server.settle().reject(step.event.error),
});

describe('report email machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    expectFullCoverage(
      'reportEmail',
      reportEmailMachine,
      paths.map(({ path, input }) => ({ steps: path.steps, input })),
    );
  });

  describe('on the actor', () => {
    for (const { path, input } of paths) {
      it(`${input.token ? 'with' : 'without'} the secret: ${path.description}`, async () => {
        const server = pendingServer();
        const actor = createActor(server.logic, { input }).start();
        const settled = (run: (step: never) => void) => async (step: never) => {
          run(step);
          await waitForActor(actor, (snapshot) => !snapshot.hasTag('busy'));
        };
        const settle = settleWith(server);
        await path.test({
          events: {
            'reportEmail.send': () => void actor.send({ type: 'reportEmail.send' }),
            'xstate.done.actor.requestReport': settled(settle['xstate.done.actor.requestReport'] as never),
            'xstate.error.actor.requestReport': settled(settle['xstate.error.actor.requestReport'] as never),
          } as never,
          states: {
            '*': (expected: Snapshot) => {
              expect(actor.getSnapshot().value).toEqual(expected.value);
              expect(actor.getSnapshot().context).toEqual(expected.context);
              // Only the link's own secret is ever sent, and only when it is one.
              expect(server.tokens.every((token) => token === withSecret.token)).toBe(true);
            },
          } as never,
        });
        actor.stop();
      });
    }
  });

  describe('on the rendered page', () => {
    for (const words of [reportEmailEn, reportEmailHi]) {
      const lang = words.lang;
      for (const { path, input } of paths) {
        it(`${lang}, ${input.token ? 'with' : 'without'} the secret: ${path.description}`, async () => {
          const server = pendingServer();
          const user = userEvent.setup();
          render(
            <ThemeProvider theme={theme}>
              <MemoryRouter>
                <ReportEmailActor.Provider logic={server.logic} options={{ input }}>
                  <ReportEmailPanel words={words} />
                </ReportEmailActor.Provider>
              </MemoryRouter>
            </ThemeProvider>,
          );
          const settle = settleWith(server);
          const settled = (run: (step: never) => void) => async (step: never) => {
            await act(async () => run(step));
            await waitFor(() => expect(screen.queryByRole('button', { name: new RegExp(words.sending) })).toBeNull());
          };
          await path.test({
            events: {
              'reportEmail.send': () => user.click(screen.getByRole('button', { name: words.button })),
              'xstate.done.actor.requestReport': settled(settle['xstate.done.actor.requestReport'] as never),
              'xstate.error.actor.requestReport': settled(settle['xstate.error.actor.requestReport'] as never),
            } as never,
            states: {
              '*': (expected: Snapshot) => {
                const heading = expected.matches('invalid') ? words.invalidTitle : words.title;
                expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
                if (expected.matches('ready') || expected.matches('sending')) {
                  const button = screen.getByRole('button', { name: expected.hasTag('busy') ? words.sending : words.button });
                  if (expected.hasTag('busy')) expect(button).toBeDisabled();
                  else expect(button).toBeEnabled();
                  const problem = expected.context.problem;
                  if (problem) expect(screen.getByRole('alert')).toHaveTextContent(problem);
                  else expect(screen.queryByRole('alert')).toBeNull();
                  return;
                }
                expect(screen.queryByRole('button')).toBeNull();
                if (expected.matches('invalid')) {
                  expect(screen.getByRole('alert')).toHaveTextContent(words.invalid);
                  expect(screen.getByRole('link', { name: words.retakeQuiz })).toHaveAttribute('href', '/get-started');
                } else {
                  expect(screen.getByRole('status')).toHaveTextContent(expected.matches('sent') ? words.sent : words.alreadySent);
                }
                expect(screen.getByRole('link', { name: words.home })).toHaveAttribute('href', '/');
              },
            } as never,
          });
        });
      }
    }
  });
});
