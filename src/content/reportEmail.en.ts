/** The words of the page a quiz reply's link opens (src/features/report-email), in English; reportEmail.hi.ts has Hindi. */
export interface ReportEmailCopy {
  lang: 'en' | 'hi';
  title: string;
  lead: string;
  button: string;
  sending: string;
  sent: string;
  alreadySent: string;
  /** The page's heading when the link cannot be used. */
  invalidTitle: string;
  invalid: string;
  retakeQuiz: string;
  home: string;
}

export const reportEmailEn: ReportEmailCopy = {
  lang: 'en',
  title: 'Get your growth plan by email',
  lead: 'We will email your personalised growth plan, as a PDF, to the address our reply went to. It is sent once, and only there.',
  button: 'Email me my growth plan',
  sending: 'Sending…',
  sent: 'Your growth plan is on its way. It should reach your inbox within a few minutes.',
  alreadySent: 'Your growth plan was already sent to this address. If you cannot find it, look in your spam folder.',
  invalidTitle: 'This link cannot be used',
  invalid: 'This link is not valid or has expired. Take the quiz again to get your growth plan.',
  retakeQuiz: 'Take the quiz',
  home: 'Go to the home page',
};
