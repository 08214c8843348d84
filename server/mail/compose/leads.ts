import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { canonicalInbox as replyInbox } from '../../../src/domain/email';
import type { QuizAnswers } from '../../../src/domain/quiz';
import { pdfFileName, type GrowthReport } from '../../../src/domain/report';
import { chatLeads, contactMessages, quizSubmissions } from '../../db/schema';
import { greetingName, quoted } from '../leadText';
import { renderEmail } from '../render';
import { oneLine } from '../settings';
import { ContactReceived, QuizReceived, QuizReport } from '../templates/prospectEmails';
import { StaffNotice } from '../templates/staffEmails';
import { isMailLanguage, mailWords } from '../words';
import { adminLink, nothing, planTitle, type ComposeContext, type Outgoing } from './context';

/**
 * A new lead: staff hear of it, and the sender gets one reply a day at most from each form, with nothing they typed in
 * it and no attachment, since nobody has confirmed the address is theirs (decision 188). The quiz's report PDF goes
 * only once the owner of the address asks for it through the reply's link.
 */

/** The agency's day (India's), as YYYY-MM-DD. */
const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);

export async function contactReceived({ db, settings }: ComposeContext, messageId: string): Promise<Outgoing> {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
  if (!message) return nothing; // erased since (a privacy request)
  const link = adminLink(settings, 'contact', message.email);
  const [reply, notice] = await Promise.all([
    renderEmail(ContactReceived({ name: greetingName(message.name) })),
    renderEmail(
      StaffNotice({
        headline: `${quoted(message.name)} wrote through the contact form.`,
        facts: [
          ['Email', message.email],
          ['Phone', message.phone ?? 'not given'],
        ],
        quote: message.message,
        link,
      }),
    ),
  ]);
  return {
    mails: [],
    reply: {
      lead: { kind: 'contact', id: message.id },
      mail: {
        kind: 'prospect.contactReceived',
        dedupeKey: `contact-reply:${replyInbox(message.email)}:${day(message.createdAt)}`,
        to: message.email,
        subject: 'We have your message — GrowthPath',
        ...reply,
      },
    },
    notice: { event: `contact:${message.id}`, subject: `New contact message: ${quoted(message.name)}`, link, ...notice },
  };
}

/** The page that sends the report once the address's owner asks (src/features/report-email), in the quiz's language. */
const reportEmailLink = (siteUrl: string, token: string, language: 'en' | 'hi') =>
  `${siteUrl}/report/email?token=${token}${language === 'hi' ? '&lang=hi' : ''}`;

export async function quizSubmitted({ db, settings }: ComposeContext, submissionId: string): Promise<Outgoing> {
  const [submission] = await db.select().from(quizSubmissions).where(eq(quizSubmissions.id, submissionId));
  if (!submission) return nothing;
  const answers = submission.answers as Partial<QuizAnswers>;
  const language = isMailLanguage(submission.language) ? submission.language : 'en';
  const words = mailWords[language];
  const business = businessOf(submission);
  const link = adminLink(settings, 'quiz', submission.email);
  const reportToken = submission.reportToken ?? (await reportTokenOf(db, submission.id));
  const reportUrl = reportEmailLink(settings.siteUrl, reportToken, language);
  const [reply, notice] = await Promise.all([
    renderEmail(QuizReceived({ words, name: greetingName(submission.fullName), plan: planTitle(submission.recommendedPlan), reportUrl })),
    renderEmail(
      StaffNotice({
        headline: `${quoted(submission.fullName)} finished the quiz: ${planTitle(submission.recommendedPlan)} recommended.`,
        facts: [
          ['Email', submission.email],
          ['Business', quoted(business)],
          ['Industry', answers.industry ?? 'not given'],
          ['Monthly revenue', answers.monthlyRevenue ?? 'not given'],
          ['Budget', answers.roughBudget ?? 'not given'],
          ['Language', language === 'hi' ? 'Hindi' : 'English'],
        ],
        link,
      }),
    ),
  ]);
  return {
    mails: [],
    reply: {
      lead: { kind: 'quiz', id: submission.id },
      mail: {
        kind: 'prospect.quizReceived',
        dedupeKey: `quiz-reply:${replyInbox(submission.email)}:${day(submission.createdAt)}`,
        to: submission.email,
        subject: words.quizReceived.subject,
        ...reply,
      },
    },
    notice: {
      event: `quiz:${submission.id}`,
      subject: `Quiz lead: ${quoted(submission.fullName)} (${quoted(business)}), ${planTitle(submission.recommendedPlan)}`,
      link,
      ...notice,
    },
  };
}

/**
 * The report PDF, asked for by the owner of the address through the reply's link: now it may carry what they typed
 * (their business's name in its title and file name). Once per submission.
 */
export async function quizReportRequested({ db, reportPdf }: ComposeContext, submissionId: string): Promise<Outgoing> {
  const [submission] = await db.select().from(quizSubmissions).where(eq(quizSubmissions.id, submissionId));
  if (!submission?.reportRequestedAt) return nothing;
  const report = submission.report as GrowthReport;
  const language = isMailLanguage(submission.language) ? submission.language : 'en';
  const words = mailWords[language];
  const business = businessOf(submission);
  const [pdf, email] = await Promise.all([
    reportPdf({ language, fullName: submission.fullName, businessName: business, report, createdAt: submission.createdAt }),
    renderEmail(QuizReport({ words, name: greetingName(submission.fullName) })),
  ]);
  return {
    mails: [
      {
        kind: 'prospect.quizReport',
        dedupeKey: `quiz-report:${submission.id}`,
        to: submission.email,
        subject: words.quizReport.subject,
        ...email,
        attachments: [{ filename: pdfFileName(business), contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      },
    ],
  };
}

/**
 * The submission's link secret, made now for one stored before links existed (a quiz in flight at the deploy); the
 * same one however often the event is composed again.
 */
async function reportTokenOf(db: ComposeContext['db'], id: string): Promise<string> {
  const fresh = randomBytes(24).toString('base64url');
  const [row] = await db
    .update(quizSubmissions)
    .set({ reportToken: sql`coalesce(${quizSubmissions.reportToken}, ${fresh})` })
    .where(eq(quizSubmissions.id, id))
    .returning({ token: quizSubmissions.reportToken });
  return row?.token ?? fresh;
}

function businessOf(submission: { businessName: string | null; answers: unknown; fullName: string }): string {
  return submission.businessName?.trim() || (submission.answers as Partial<QuizAnswers>).businessName?.trim() || submission.fullName;
}

export async function chatLead({ db, settings }: ComposeContext, leadId: string): Promise<Outgoing> {
  const [lead] = await db.select().from(chatLeads).where(eq(chatLeads.id, leadId));
  if (!lead?.email) return nothing;
  const who = lead.name?.trim() || lead.email;
  const link = adminLink(settings, 'chat', lead.email);
  const notice = await renderEmail(
    StaffNotice({
      headline: `${lead.name?.trim() ? quoted(who) : who} left their details with the chat assistant.`,
      facts: [
        ['Name', lead.name ? quoted(lead.name) : 'not given'],
        ['Email', lead.email],
      ],
      quote: lead.need,
      link,
    }),
  );
  const subject = `Chat lead: ${lead.name?.trim() ? quoted(who) : oneLine(who)}`;
  return { mails: [], notice: { event: `chat:${lead.id}`, subject, link, ...notice } };
}
