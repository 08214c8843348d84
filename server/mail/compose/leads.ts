import { eq } from 'drizzle-orm';
import type { QuizAnswers } from '../../../src/domain/quiz';
import { pdfFileName, type GrowthReport } from '../../../src/domain/report';
import { chatLeads, contactMessages, quizSubmissions } from '../../db/schema';
import { renderEmail } from '../render';
import { oneLine } from '../settings';
import { ContactReceived, QuizReceived } from '../templates/prospectEmails';
import { StaffNotice } from '../templates/staffEmails';
import { isMailLanguage, mailWords } from '../words';
import { adminLink, nothing, type ComposeContext, type Outgoing } from './context';

/**
 * A new lead: staff hear of it, and a prospect gets one reply a day at most from each form, so the forms cannot be
 * used to mail an address again and again.
 */

/** The agency's day (India's), as YYYY-MM-DD. */
const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
/** One inbox however it is written: `Asha+1@X.in` is `asha@x.in`, so plus-tags cannot multiply the replies. */
const inbox = (email: string) => email.toLowerCase().replace(/\+[^@]*@/, '@');

export async function contactReceived({ db, settings }: ComposeContext, messageId: string): Promise<Outgoing> {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
  if (!message) return nothing; // erased since (a privacy request)
  const link = adminLink(settings, 'contact', message.email);
  const [reply, notice] = await Promise.all([
    renderEmail(ContactReceived({ name: message.name.trim().split(/\s+/)[0] ?? message.name })),
    renderEmail(
      StaffNotice({
        headline: `${message.name} wrote through the contact form.`,
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
    mails: [
      {
        kind: 'prospect.contactReceived',
        dedupeKey: `contact-reply:${inbox(message.email)}:${day(message.createdAt)}`,
        to: message.email,
        subject: 'We have your message — GrowthPath',
        ...reply,
      },
    ],
    notice: { event: `contact:${message.id}`, subject: `New contact message: ${oneLine(message.name)}`, link, ...notice },
  };
}

export async function quizSubmitted({ db, settings, reportPdf }: ComposeContext, submissionId: string): Promise<Outgoing> {
  const [submission] = await db.select().from(quizSubmissions).where(eq(quizSubmissions.id, submissionId));
  if (!submission) return nothing;
  const answers = submission.answers as Partial<QuizAnswers>;
  const report = submission.report as GrowthReport;
  const language = isMailLanguage(submission.language) ? submission.language : 'en';
  const words = mailWords[language];
  const business = submission.businessName?.trim() || answers.businessName?.trim() || submission.fullName;
  const link = adminLink(settings, 'quiz', submission.email);
  const [pdf, reply, notice] = await Promise.all([
    reportPdf({ language, fullName: submission.fullName, businessName: business, report, createdAt: submission.createdAt }),
    renderEmail(QuizReceived({ words, name: submission.fullName.split(/\s+/)[0] ?? submission.fullName, plan: report.planTitle })),
    renderEmail(
      StaffNotice({
        headline: `${submission.fullName} finished the quiz: ${report.planTitle} recommended.`,
        facts: [
          ['Email', submission.email],
          ['Business', business],
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
    mails: [
      {
        kind: 'prospect.quizReceived',
        dedupeKey: `quiz-reply:${inbox(submission.email)}:${day(submission.createdAt)}`,
        to: submission.email,
        subject: words.quizReceived.subject,
        ...reply,
        attachments: [{ filename: pdfFileName(business), contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      },
    ],
    notice: {
      event: `quiz:${submission.id}`,
      subject: `Quiz lead: ${oneLine(submission.fullName)} (${oneLine(business)}), ${report.planTitle}`,
      link,
      ...notice,
    },
  };
}

export async function chatLead({ db, settings }: ComposeContext, leadId: string): Promise<Outgoing> {
  const [lead] = await db.select().from(chatLeads).where(eq(chatLeads.id, leadId));
  if (!lead?.email) return nothing;
  const who = lead.name?.trim() || lead.email;
  const link = adminLink(settings, 'chat', lead.email);
  const notice = await renderEmail(
    StaffNotice({
      headline: `${who} left their details with the chat assistant.`,
      facts: [
        ['Name', lead.name ?? 'not given'],
        ['Email', lead.email],
      ],
      quote: lead.need,
      link,
    }),
  );
  return { mails: [], notice: { event: `chat:${lead.id}`, subject: `Chat lead: ${oneLine(who)}`, link, ...notice } };
}
