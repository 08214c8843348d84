import { ArrowRight, CalendarDays, Check, FileDown, Headphones, Pencil, Target, TrendingUp } from 'lucide-react';
import { ButtonLink, Button } from '../../ui/Button';
import { BrandMark } from '../../ui/BrandMark';
import { formatInr } from '../../domain/money';
import { firstName } from '../../domain/account';
import { findPlan } from '../../domain/plans';
import type { CheckoutHandoff } from '../../domain/checkout';
import { customerDetailsFromAnswers, type QuizDraftFields, type QuizLanguage } from '../../domain/quiz';
import type { GrowthReport, KpiRange } from '../../domain/report';
import { brand } from '../../content/brand';
import type { ReportCopy } from '../../content/report.en';
import { quizEn, type QuizCopy } from '../../content/quiz.en';
import { quizHi } from '../../content/quiz.hi';
import { REPORT_DOCUMENT_ID } from './reportActor';
import * as S from './ReportView.styles';

const quizCopies: Record<QuizLanguage, QuizCopy> = { en: quizEn, hi: quizHi };

interface ReportViewProps {
  copy: ReportCopy;
  language: QuizLanguage;
  answers: QuizDraftFields;
  report: GrowthReport;
  date: Date;
  pdfBusy: boolean;
  /** Why the last PDF export failed, said in the page next to the button. */
  pdfFailure: string | null;
  onSavePdf: () => void;
}

/**
 * The growth strategy as a document: on screen, printed (ReportPrintStyle) and rasterised into the PDF. Sections
 * carry `data-pdf-section` (preferred page breaks); cards that must stay whole carry `data-pdf-keep`; the action
 * buttons carry `data-pdf-hide`.
 */
export function ReportView({ copy, language, answers, report, date, pdfBusy, pdfFailure, onSavePdf }: ReportViewProps) {
  const quiz = quizCopies[language];
  const plan = findPlan(report.plan);
  const name = firstName(answers.fullName, '');
  const business = answers.businessName.trim();
  const formattedDate = new Intl.DateTimeFormat(copy.locale, { dateStyle: 'long' }).format(date);
  const tier = copy.tiers[report.websiteTier];
  const { costs, kpis } = report;
  const websiteStatus = answers.hasWebsite === 'Yes' && answers.websiteQuality ? answers.websiteQuality : 'none';
  const adsLabel = (quiz.options.monthlyAdSpend as Record<number, string>)[answers.monthlyAdSpend];
  const adSpend = answers.runningAds === 'Yes' && adsLabel ? { amount: answers.monthlyAdSpend, label: adsLabel } : null;
  const handoff: CheckoutHandoff | null = plan ? { plan: plan.key, userDetails: customerDetailsFromAnswers(answers) } : null;

  const facts = [
    answers.industry && quiz.options.industry[answers.industry],
    answers.locationType && quiz.options.locationType[answers.locationType],
    answers.monthlyRevenue && quiz.options.monthlyRevenue[answers.monthlyRevenue],
  ].filter(Boolean);

  return (
    <S.Document id={REPORT_DOCUMENT_ID} data-report={report.plan}>
      <S.Masthead data-pdf-section>
        <S.MastheadTop>
          <BrandMark />
          <S.Dated>
            <CalendarDays aria-hidden="true" size={16} />
            <span>{copy.preparedOn(formattedDate)}</span>
          </S.Dated>
        </S.MastheadTop>
        <S.Eyebrow>{copy.eyebrow}</S.Eyebrow>
        <h1>{copy.title}</h1>
        <S.For>{copy.preparedFor(business)}</S.For>
        <S.Greeting>
          <strong>{copy.greeting(name)}</strong> {copy.intro(business)}
        </S.Greeting>
      </S.Masthead>

      <S.TwoColumns>
        <S.Block data-pdf-section aria-labelledby="report-position">
          <S.BlockTitle id="report-position">{copy.position.title}</S.BlockTitle>
          <S.Bullets>
            <li>{copy.position.website[websiteStatus]}</li>
            <li>{copy.position.ads(adSpend)}</li>
            {answers.googleBusinessProfile && <li>{copy.position.profile[answers.googleBusinessProfile]}</li>}
          </S.Bullets>
          {facts.length > 0 && (
            <S.Facts>
              <span>{copy.position.business}:</span> {facts.join(' · ')}
            </S.Facts>
          )}
        </S.Block>

        <S.Block data-pdf-section aria-labelledby="report-vision">
          <S.BlockTitle id="report-vision">{copy.vision.title}</S.BlockTitle>
          <S.Label>{copy.vision.goals}</S.Label>
          <S.Chips>
            {answers.goals.map((goal) => (
              <li key={goal}>
                <Target aria-hidden="true" size={14} /> {quiz.goals[goal]}
              </li>
            ))}
          </S.Chips>
          <S.Pairs>
            <div>
              <dt>{copy.vision.timeline}</dt>
              <dd>{copy.timeline(answers.timelineExpectation)}</dd>
            </div>
            <div>
              <dt>{copy.vision.budget}</dt>
              <dd>{answers.roughBudget ? quiz.options.roughBudget[answers.roughBudget] : copy.vision.notGiven}</dd>
            </div>
          </S.Pairs>
        </S.Block>
      </S.TwoColumns>

      <S.PlanSection data-pdf-section aria-labelledby="report-plan">
        <S.PlanHeader data-pdf-keep>
          <S.Label id="report-plan">{copy.plan.title}</S.Label>
          <h2>{report.planTitle}</h2>
          <p>{copy.plan.subtitles[report.plan]}</p>
          <p className="lead">{copy.plan.lead(kpis.timelineMonths)}</p>
        </S.PlanHeader>
        <S.SubTitle>{copy.plan.servicesTitle}</S.SubTitle>
        <S.Services>
          {report.services.map((service) => (
            <li key={service.key} data-service={service.key}>
              <S.Tick aria-hidden="true">
                <Check size={16} />
              </S.Tick>
              <div>
                <h3>
                  {copy.services[service.key]}
                  {service.key === 'website' && <span> · {tier}</span>}
                </h3>
                <p>{copy.reasons[service.reason]}</p>
              </div>
            </li>
          ))}
        </S.Services>
      </S.PlanSection>

      <S.Block data-pdf-section aria-labelledby="report-investment">
        <S.BlockTitle id="report-investment">{copy.investment.title}</S.BlockTitle>
        <S.Boxes>
          <S.Box data-pdf-keep data-testid="investment-setup">
            <S.Label>{copy.investment.setup}</S.Label>
            {report.contactSales && <small>{copy.investment.startingFrom}</small>}
            <strong>{formatInr(costs.setupFee)}</strong>
          </S.Box>
          <S.Box data-pdf-keep data-testid="investment-monthly">
            <S.Label>{copy.investment.monthly}</S.Label>
            {report.contactSales && <small>{copy.investment.startingFrom}</small>}
            <strong>
              {formatInr(costs.monthlyFee)}
              <span>{copy.investment.perMonth}</span>
            </strong>
          </S.Box>
          <S.Box data-pdf-keep $muted data-testid="investment-ads">
            <S.Label>{copy.investment.adSpend}</S.Label>
            <p>
              {costs.adSpend === null
                ? copy.investment.adSpendNone
                : costs.adSpendSuggested
                  ? copy.investment.adSpendSuggested(formatInr(costs.adSpend))
                  : copy.investment.adSpendOwn(formatInr(costs.adSpend))}
            </p>
          </S.Box>
        </S.Boxes>
        {report.contactSales && <S.Note>{copy.investment.customNote}</S.Note>}

        <S.SubTitle>{copy.investment.valueTitle}</S.SubTitle>
        <S.Muted>{copy.investment.valueLead}</S.Muted>
        <S.Table>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{copy.plan.servicesTitle}</span>
              </th>
              <th scope="col">{copy.investment.oneTime}</th>
              <th scope="col">{copy.investment.monthlyColumn}</th>
            </tr>
          </thead>
          <tbody>
            {costs.lineItems.map((line) => (
              <tr key={`${line.service}-${line.part}`}>
                <th scope="row">{copy.investment.lineItem(line, tier)}</th>
                <td>{line.type === 'oneTime' ? formatInr(line.cost) : ''}</td>
                <td>{line.type === 'monthly' ? formatInr(line.cost) : ''}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{`${copy.investment.totalOneTime} / ${copy.investment.totalMonthly}`}</th>
              <td data-testid="value-one-time">{formatInr(costs.oneTimeTotal)}</td>
              <td data-testid="value-monthly">
                {formatInr(costs.monthlyTotal)}
                {copy.investment.perMonth}
              </td>
            </tr>
          </tfoot>
        </S.Table>
      </S.Block>

      <S.Block data-pdf-section aria-labelledby="report-results">
        <S.BlockTitle id="report-results">
          <TrendingUp aria-hidden="true" size={22} /> {copy.results.title(kpis.timelineMonths)}
        </S.BlockTitle>
        <S.Kpis>
          <Kpi label={copy.results.leads} range={kpis.leads} copy={copy} testId="kpi-leads" />
          <Kpi label={copy.results.conversion} range={kpis.conversion} copy={copy} testId="kpi-conversion" />
          <Kpi label={copy.results.trust} range={kpis.trust} copy={copy} testId="kpi-trust" />
        </S.Kpis>
        <S.Muted>{copy.results.disclaimer}</S.Muted>
      </S.Block>

      <S.Block data-pdf-section aria-labelledby="report-next">
        <S.BlockTitle id="report-next">{copy.nextSteps.title}</S.BlockTitle>
        <S.Steps>
          {copy.nextSteps.steps(report.planTitle, report.contactSales).map((step, index) => (
            <li key={step}>
              {/* An SVG number: html2canvas draws SVG exactly, while it shifts text inside small boxes. */}
              <S.StepNumber width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
                <circle cx="14" cy="14" r="14" />
                <text x="14" y="14" textAnchor="middle" dominantBaseline="central">
                  {index + 1}
                </text>
              </S.StepNumber>
              <span>{step}</span>
            </li>
          ))}
        </S.Steps>
        <S.Contact>
          <Headphones aria-hidden="true" size={18} />
          <span>
            {brand.phoneDisplay} · {brand.email}
          </span>
        </S.Contact>
      </S.Block>

      <S.Actions data-pdf-hide>
        {report.contactSales ? (
          <ButtonLink to="/contact" $size="lg">
            {copy.actions.contactSales} <ArrowRight aria-hidden="true" size={18} />
          </ButtonLink>
        ) : handoff ? (
          <ButtonLink to="/payment" state={handoff} $size="lg">
            {copy.actions.activate} <ArrowRight aria-hidden="true" size={18} />
          </ButtonLink>
        ) : (
          <ButtonLink to="/pricing" $size="lg">
            {copy.actions.activate} <ArrowRight aria-hidden="true" size={18} />
          </ButtonLink>
        )}
        <ButtonLink to="/contact" $variant="secondary" $size="lg">
          {copy.actions.consult}
        </ButtonLink>
        <Button type="button" $variant="secondary" $size="lg" onClick={onSavePdf} disabled={pdfBusy} aria-busy={pdfBusy || undefined}>
          <FileDown aria-hidden="true" size={18} /> {pdfBusy ? copy.actions.pdfBusy : copy.actions.pdf}
        </Button>
        <S.EditLink to="/get-started">
          <Pencil aria-hidden="true" size={16} /> {copy.actions.editAnswers}
        </S.EditLink>
        {pdfFailure && <S.PdfFailure role="alert">{pdfFailure}</S.PdfFailure>}
      </S.Actions>
      <S.DocumentFooter>{copy.footer}</S.DocumentFooter>
    </S.Document>
  );
}

function Kpi({ label, range, copy, testId }: { label: string; range: KpiRange; copy: ReportCopy; testId: string }) {
  const included = range.max > 0;
  return (
    <S.Kpi data-pdf-keep data-testid={testId} $off={!included}>
      <strong>{included ? copy.results.range(range.min, range.max) : copy.results.notInPlanTitle}</strong>
      <span>{label}</span>
      {!included && <small>{copy.results.notInPlan}</small>}
    </S.Kpi>
  );
}
