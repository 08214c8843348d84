import type { GoalId, OptionStep, OptionValue, QuizErrorCode, QuizStep } from '../domain/quiz';
import { quizMessages } from '../domain/quiz';

/**
 * Every string the quiz shows, in English. quiz.hi.ts has the same shape in Hindi. Option labels are keyed by the
 * canonical values of src/domain/quiz.ts, which never change with the language.
 */

export interface QuizStepCopy {
  question: string;
  hint?: string;
  placeholder?: string;
}

type OptionLabels = { [S in OptionStep]: Record<OptionValue<S>, string> };

export interface QuizCopy {
  /** BCP 47 tag for the `lang` attribute. */
  lang: string;
  pageTitle: string;
  pageDescription: string;
  heading: string;
  lead: string;
  languagePrompt: string;
  /** The language's own name and a letter of its script, on the language choice's buttons. */
  languageName: string;
  languageMark: string;
  progress: (step: number, total: number) => string;
  progressLabel: string;
  back: string;
  next: string;
  submit: string;
  confirm: string;
  startOver: string;
  savedNote: string;
  switchLanguage: string;
  opening: string;
  selectedCount: (count: number) => string;
  steps: Record<QuizStep, QuizStepCopy>;
  options: OptionLabels;
  goals: Record<GoalId, string>;
  errors: Record<QuizErrorCode, string>;
  terms: { before: string; termsLink: string; middle: string; privacyLink: string; after: string };
}

export const quizEn = {
  lang: 'en',
  pageTitle: 'Get Your Growth Plan',
  pageDescription: 'Answer 15 quick questions in English or Hindi and get a personalised digital growth plan for your business.',
  heading: 'Get your personalised growth plan',
  lead: '15 quick questions, about 3 minutes. Your plan, costs and expected results appear at the end.',
  languagePrompt: 'Which language would you like to answer in?',
  languageName: 'English',
  languageMark: 'Aa',
  progress: (step, total) => `Step ${step} of ${total}`,
  progressLabel: 'Quiz progress',
  back: 'Back',
  next: 'Next',
  submit: 'Submit',
  confirm: 'Confirm Selection',
  startOver: 'Start over',
  savedNote: 'Your answers are saved on this device as you go.',
  switchLanguage: 'हिन्दी में देखें',
  opening: 'Opening your growth plan...',
  selectedCount: (count) => (count === 1 ? '1 goal selected' : `${count} goals selected`),
  steps: {
    fullName: { question: 'What is your full name?', hint: 'We will address your growth plan to you.', placeholder: 'e.g. Asha Verma' },
    email: {
      question: 'What is your email address?',
      hint: 'We use it only to follow up about your plan. No spam.',
      placeholder: 'e.g. asha@raostores.in',
    },
    role: { question: 'What is your role in the business?' },
    businessName: { question: 'What is your business called?', placeholder: 'e.g. Rao Stores' },
    industry: { question: 'Which industry are you in?' },
    locationType: { question: 'Where do you serve your customers?' },
    monthlyRevenue: { question: 'What is your monthly revenue?', hint: 'A rough range is enough.' },
    goals: { question: 'What do you want to achieve?', hint: 'Choose all that apply.' },
    hasWebsite: { question: 'Do you have a website?' },
    websiteQuality: { question: 'How does your website look today?' },
    runningAds: { question: 'Are you running online ads right now?', hint: 'For example on Google, Facebook or Instagram.' },
    monthlyAdSpend: { question: 'How much do you spend on ads each month?' },
    googleBusinessProfile: {
      question: 'Do you have a Google Business Profile?',
      hint: 'The listing that shows your business on Google Search and Maps.',
    },
    roughBudget: { question: 'What monthly budget do you have in mind for growth?', hint: 'Including any ad spend.' },
    acceptTerms: { question: 'Almost done! Accept our terms to see your plan.' },
  },
  options: {
    role: { Owner: 'Owner', Manager: 'Manager', Marketing: 'Marketing', Other: 'Other' },
    industry: {
      Retail: 'Retail',
      'Clinic/Healthcare': 'Clinic / Healthcare',
      Restaurant: 'Restaurant',
      Services: 'Services',
      Education: 'Education',
      'Real Estate': 'Real Estate',
      Other: 'Other',
    },
    locationType: { 'Single-location': 'One location', 'Multi-location': 'Several locations', 'Online-only': 'Online only' },
    monthlyRevenue: {
      '< ₹1L': 'Under ₹1 lakh',
      '₹1L – ₹5L': '₹1 – 5 lakh',
      '₹5L – ₹15L': '₹5 – 15 lakh',
      '₹15L – ₹50L': '₹15 – 50 lakh',
      '> ₹50L': 'Over ₹50 lakh',
    },
    hasWebsite: { Yes: 'Yes', No: 'No' },
    websiteQuality: { Outdated: 'Outdated', Okay: 'Okay', Good: 'Good' },
    runningAds: { Yes: 'Yes', No: 'No' },
    monthlyAdSpend: { 10000: 'Under ₹10k', 25000: '₹10k – ₹25k', 50000: '₹25k – ₹50k', 100000: '₹50k+' },
    googleBusinessProfile: { Yes: 'Yes', No: 'No' },
    roughBudget: {
      '< ₹20,000': 'Under ₹20,000',
      '₹20,000 – ₹40,000': '₹20,000 – ₹40,000',
      '₹40,000 – ₹80,000': '₹40,000 – ₹80,000',
      '₹80,000 – ₹1,50,000': '₹80,000 – ₹1,50,000',
      '₹1,50,000+': '₹1,50,000 or more',
    },
  },
  goals: {
    'increase-leads': 'Get more leads and enquiries',
    'increase-sales': 'Increase sales',
    'build-trust': 'Build trust in my brand',
    'launch-product': 'Launch a new product or service',
    'get-walk-ins': 'Get more walk-in customers',
    'improve-repeat': 'Bring customers back again',
    'automate-operations-ai': 'Automate work with AI',
  },
  errors: { ...quizMessages },
  terms: {
    before: 'I agree to the ',
    termsLink: 'Terms of Service',
    middle: ' and the ',
    privacyLink: 'Privacy Policy',
    after: ', and to GrowthPath contacting me about my plan.',
  },
} satisfies QuizCopy;
