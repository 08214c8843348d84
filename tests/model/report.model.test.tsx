import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { createActor, fromPromise, type AnyEventObject, type NonReducibleUnknown, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { PdfLibraryMissing, reportMachine, type PdfRequest, type PreparedReport, type ReportEvent } from '../../machines/report.machine';
import type { ProfileUpdate } from '../../src/domain/account';
import { profileUpdateFromAnswers, type QuizDraftFields } from '../../src/domain/quiz';
import { buildReport } from '../../src/domain/report';
import { reportEn } from '../../src/content/report.en';
import { ReportActor } from '../../src/features/report/reportActor';
import { ReportScreen } from '../../src/features/report/ReportScreen';
import { renderWithApp } from '../render';
import { measureCoverage } from './coverage';
import { coveringPaths } from './paths';
import { modelOf } from './testable';
import { quizProspect } from '../fixtures/quizProspect';

type Snapshot = SnapshotFrom<typeof reportMachine>;
type ModelStep = { event: AnyEventObject };

/** A finished quiz that makes a LaunchPad report. */
const complete: QuizDraftFields = quizProspect();
const prepared: PreparedReport = { report: buildReport(complete), preparedOn: new Date('2026-01-15T10:00:00Z') };
/** The two ways an export fails; their serialised forms differ (the library error carries its name). */
const libraryMissing = () => new PdfLibraryMissing(new Error('chunk failed to load'));
const renderingFailed = () => new Error('canvas too large');

/** The events the effects and the provider edge can cause in each state, with the payloads that matter. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const { account } = snapshot.context;
  // The auth check finishing, or a sign-in or sign-out in another tab.
  const events: AnyEventObject[] = [{ type: 'account.changed', signedIn: !account.signedIn, hasPurchasedPlan: false }];
  if (snapshot.matches({ document: 'loadingAnswers' })) {
    events.push(
      { type: 'xstate.done.actor.loadAnswers', output: complete },
      { type: 'xstate.done.actor.loadAnswers', output: { ...complete, acceptTerms: false } },
      { type: 'xstate.done.actor.loadAnswers', output: { ...complete, fullName: '   ' } },
      { type: 'xstate.done.actor.loadAnswers', output: null },
      { type: 'xstate.error.actor.loadAnswers', error: { reason: 'storage refused' } },
    );
  }
  if (snapshot.matches({ document: 'generating' })) {
    events.push(
      { type: 'xstate.done.actor.buildReport', output: prepared },
      { type: 'xstate.error.actor.buildReport', error: { reason: 'malformed answers' } },
    );
  }
  if (snapshot.matches({ document: 'ready' }) || snapshot.matches({ document: 'exportFailed' })) {
    events.push({ type: 'report.savePdf' });
  }
  if (snapshot.matches({ document: 'exporting' })) {
    events.push(
      { type: 'xstate.done.actor.exportPdf' },
      { type: 'xstate.error.actor.exportPdf', error: libraryMissing() },
      { type: 'xstate.error.actor.exportPdf', error: renderingFailed() },
    );
  }
  return events;
}

/** What changes behaviour: the states, the failure shown, whether someone is signed in. */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    failure: snapshot.context.exportFailure,
    signedIn: snapshot.context.account.signedIn,
  });

const model = createTestModel(modelOf(reportMachine), { events: eventsFor as never, serializeState });
const paths = coveringPaths(model, reportMachine, serializeState);

/** Readable names: the events in order with the payload that matters. */
function nameOf(path: (typeof paths)[number]): string {
  const events = path.steps
    .map(({ event }) => event as AnyEventObject)
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => {
      const type = String(event.type).replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => `${kind}:`);
      if (event.type === 'xstate.done.actor.loadAnswers') {
        const answers = event.output as QuizDraftFields | null;
        return `${type}(${!answers ? 'none' : !answers.fullName.trim() ? 'no name' : answers.acceptTerms ? 'complete' : 'no terms'})`;
      }
      if (event.type === 'xstate.error.actor.exportPdf') return `${type}(${(event.error as Error).message})`;
      if (event.type === 'account.changed') return `${type}(${event.signedIn ? 'signed in' : 'signed out'})`;
      return type;
    });
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ')}`;
}

/** Stand-ins for the effects: each invoked actor waits until the test settles it; the profile update is recorded. */
function fakeEffects() {
  const pending = <TOutput, TInput = NonReducibleUnknown>() => {
    let settle: { resolve: (value: TOutput) => void; reject: (error: unknown) => void } | null = null;
    const logic = fromPromise<TOutput, TInput>(() => new Promise<TOutput>((resolve, reject) => (settle = { resolve, reject })));
    return { logic, resolve: (value: TOutput) => settle!.resolve(value), reject: (error: unknown) => settle!.reject(error) };
  };
  const loadAnswers = pending<QuizDraftFields | null>();
  const build = pending<PreparedReport, QuizDraftFields>();
  const exportPdf = pending<void, PdfRequest>();
  const updateProfile = vi.fn<(changes: ProfileUpdate) => void>();
  const logic = reportMachine.provide({
    actors: {
      loadAnswers: loadAnswers.logic,
      buildReport: build.logic,
      exportPdf: exportPdf.logic,
      updateProfile: fromPromise<void, ProfileUpdate>(async ({ input }) => updateProfile(input)),
    },
  });
  /** Settles the actor the model event names, as the real effect would. */
  async function settle({ event }: ModelStep) {
    const { type, output, error } = event as AnyEventObject & { output?: unknown; error?: unknown };
    await act(async () => {
      if (type === 'xstate.done.actor.loadAnswers') loadAnswers.resolve(output as QuizDraftFields | null);
      if (type === 'xstate.error.actor.loadAnswers') loadAnswers.reject(error);
      if (type === 'xstate.done.actor.buildReport') build.resolve(output as PreparedReport);
      if (type === 'xstate.error.actor.buildReport') build.reject(error);
      if (type === 'xstate.done.actor.exportPdf') exportPdf.resolve();
      if (type === 'xstate.error.actor.exportPdf') exportPdf.reject(error);
    });
  }
  return { logic, updateProfile, settle };
}

/** The profile learns the answers exactly once, and only when a signed-in visitor has a report to see. */
function checkProfile(expected: Snapshot, updateProfile: ReturnType<typeof fakeEffects>['updateProfile']) {
  if (expected.matches({ profile: 'updated' })) {
    expect(updateProfile).toHaveBeenCalledExactlyOnceWith(profileUpdateFromAnswers(complete));
  } else {
    expect(updateProfile).not.toHaveBeenCalled();
  }
}

const stateKeys = [
  'document.loadingAnswers',
  'document.incomplete',
  'document.generating',
  'document.ready',
  'document.exporting',
  'document.exportFailed',
  'profile.waiting',
  'profile.updated',
];

const settlingEvents = [
  'xstate.done.actor.loadAnswers',
  'xstate.error.actor.loadAnswers',
  'xstate.done.actor.buildReport',
  'xstate.error.actor.buildReport',
  'xstate.done.actor.exportPdf',
  'xstate.error.actor.exportPdf',
];

describe('report machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    const coverage = measureCoverage(reportMachine, paths);
    console.info(
      `report: ${paths.length} paths; states ${coverage.states.covered}/${coverage.states.total}, ` +
        `transitions ${coverage.transitions.covered}/${coverage.transitions.total}`,
    );
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  describe('on the actor', () => {
    for (const path of paths) {
      it(nameOf(path), async () => {
        const fake = fakeEffects();
        const actor = createActor(fake.logic, { input: {} }).start();
        const matchesModel = (expected: Snapshot) => {
          const actual = actor.getSnapshot();
          expect(actual.value).toEqual(expected.value);
          expect(actual.context).toEqual(expected.context);
          checkProfile(expected, fake.updateProfile);
        };
        const send = ({ event }: ModelStep) => void actor.send(event as ReportEvent);
        await path.test({
          events: {
            ...Object.fromEntries(settlingEvents.map((type) => [type, fake.settle])),
            'report.savePdf': send,
            'account.changed': send,
          } as never,
          states: Object.fromEntries(stateKeys.map((key) => [key, matchesModel])),
        });
        actor.stop();
      });
    }
  });

  describe('on the rendered page', () => {
    for (const path of paths) {
      // The first render of the whole report (styles, fonts, icons) is slow on a busy machine.
      it(nameOf(path), { timeout: 30_000 }, async () => {
        const fake = fakeEffects();
        const windowAlert = vi.spyOn(window, 'alert').mockImplementation(() => {});
        let actorRef: ReturnType<typeof ReportActor.useActorRef> | null = null;
        function Expose() {
          actorRef = ReportActor.useActorRef();
          return null;
        }
        const { user, router } = renderWithApp(
          <Routes>
            <Route
              path="/report"
              element={
                <ReportActor.Provider logic={fake.logic}>
                  <Expose />
                  <ReportScreen copy={reportEn} language="en" />
                </ReportActor.Provider>
              }
            />
            <Route path="/get-started" element={<p>quiz</p>} />
          </Routes>,
          { route: '/report?lang=en' },
        );
        const copy = reportEn.actions;

        const generatingShown = () => {
          expect(screen.getByRole('status')).toHaveTextContent(reportEn.loading);
          expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
        };
        const reportShown = () => {
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(reportEn.title);
          expect(screen.getByRole('heading', { level: 2, name: 'LaunchPad' })).toBeInTheDocument();
          expect(screen.queryByRole('status')).toBeNull();
        };

        await path.test({
          events: {
            ...Object.fromEntries(settlingEvents.map((type) => [type, fake.settle])),
            'report.savePdf': async () => user.click(screen.getByRole('button', { name: copy.pdf })),
            // The page's provider edge feeds the account; no person clicks for it.
            'account.changed': async ({ event }: ModelStep) => {
              await act(async () => actorRef!.send(event as ReportEvent));
            },
          } as never,
          states: {
            'document.loadingAnswers': generatingShown,
            'document.generating': generatingShown,
            'document.incomplete': async () => {
              expect(await screen.findByText('quiz')).toBeInTheDocument();
              expect(router.state.location.pathname).toBe('/get-started');
            },
            'document.ready': () => {
              reportShown();
              expect(screen.getByRole('button', { name: copy.pdf })).toBeEnabled();
              expect(screen.queryByRole('alert')).toBeNull();
            },
            'document.exporting': () => {
              reportShown();
              const button = screen.getByRole('button', { name: copy.pdfBusy });
              expect(button).toBeDisabled();
              expect(button).toHaveAttribute('aria-busy', 'true');
              expect(screen.queryByRole('alert')).toBeNull();
            },
            'document.exportFailed': (expected: Snapshot) => {
              reportShown();
              // Said in the page, never in a window.alert.
              expect(screen.getByRole('alert')).toHaveTextContent(copy[expected.context.exportFailure!]);
              expect(windowAlert).not.toHaveBeenCalled();
              expect(screen.getByRole('button', { name: copy.pdf })).toBeEnabled();
            },
            'profile.waiting': (expected: Snapshot) => checkProfile(expected, fake.updateProfile),
            'profile.updated': (expected: Snapshot) => checkProfile(expected, fake.updateProfile),
          },
        });
      });
    }
  });
});
