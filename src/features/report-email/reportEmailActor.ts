import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { reportEmailMachine } from '../../../machines/reportEmail.machine';
import { requestReportEmail } from './reportEmailApi';

/** The page's actor: the bare machine by default; the page provides the live one below. */
export const ReportEmailActor = createActorContext(reportEmailMachine);

/** The machine with its real effect: asking the server to send the report. Tests provide their own. */
export const liveReportEmailMachine = reportEmailMachine.provide({
  actors: { requestReport: fromPromise(({ input }) => requestReportEmail(input.token)) },
});
