import { Navigate } from 'react-router';
import type { QuizLanguage } from '../../domain/quiz';
import type { ReportCopy } from '../../content/report.en';
import { ReportActor } from './reportActor';
import { ReportView } from './ReportView';
import * as S from './ReportView.styles';

/** Renders the report machine: the "Generating..." line, the report with its PDF button, or the way back to the quiz. */
export function ReportScreen({ copy, language }: { copy: ReportCopy; language: QuizLanguage }) {
  const actor = ReportActor.useActorRef();
  const toQuiz = ReportActor.useSelector((snapshot) => snapshot.hasTag('toQuiz'));
  const shown = ReportActor.useSelector((snapshot) => (snapshot.hasTag('shown') ? snapshot.context : null));
  const exporting = ReportActor.useSelector((snapshot) => snapshot.hasTag('exporting'));

  if (toQuiz) return <Navigate to="/get-started" replace />;
  if (!shown?.answers || !shown.prepared) {
    return (
      <S.Loading role="status">
        <S.Spinner aria-hidden="true" />
        {copy.loading}
      </S.Loading>
    );
  }
  return (
    <ReportView
      copy={copy}
      language={language}
      answers={shown.answers}
      report={shown.prepared.report}
      date={shown.prepared.preparedOn}
      pdfBusy={exporting}
      pdfFailure={shown.exportFailure ? copy.actions[shown.exportFailure] : null}
      onSavePdf={() => actor.send({ type: 'report.savePdf' })}
    />
  );
}
