/**
 * Every sentence of the emails clients and prospects get, in English and Hindi (the language they used in the quiz).
 * Figures and dates are formatted by the caller and passed in, so each sentence stays whole in both languages.
 */

import { brand } from '../../src/content/brand';

export type MailLanguage = 'en' | 'hi';

/** The phone number kept on one line inside a sentence. */
const phone = brand.phoneDisplay.replace(/ /g, '\u00a0');

export interface MailWords {
  lang: MailLanguage;
  /** For dates: `Intl.DateTimeFormat` in Indian time. */
  locale: string;
  /** The greeting, with a first name when there is one fit to greet by (server/mail/leadText.ts). */
  hello: (name: string | null) => string;
  signOff: string;
  replyHelp: string;
  openDashboard: string;
  /** To an address nobody has confirmed: nothing the sender typed, no attachment, a link to ask for the report. */
  quizReceived: {
    subject: string;
    preview: string;
    body: (plan: string) => string[];
    button: string;
    linkNote: string;
    followUp: string;
  };
  /** The report PDF, once the owner of the address asked for it through quizReceived's link. */
  quizReport: {
    subject: string;
    preview: string;
    body: string[];
    attached: string;
  };
  welcome: {
    subject: string;
    preview: string;
    body: (plan: string, email: string) => string[];
    button: string;
    linkNote: string;
    /** When no link could be made: the way through the sign-in page. */
    signIn: string;
    viaSignIn: string;
  };
  receipt: {
    subject: (plan: string) => string;
    preview: (amount: string) => string;
    intro: (plan: string) => string;
    title: string;
    number: string;
    date: string;
    billedTo: string;
    business: string;
    plan: string;
    setupFee: string;
    firstMonth: string;
    oneTime: string;
    total: string;
    paymentId: string;
    from: string;
    gstin: string;
    taxNote: string;
  };
  invoicePaid: {
    subject: (plan: string, period: string) => string;
    preview: (amount: string) => string;
    intro: (amount: string, plan: string) => string;
    period: string;
    next: (date: string) => string;
  };
  chargeFailed: {
    subject: string;
    preview: string;
    retrying: (amount: string, plan: string) => string;
    halted: (amount: string, plan: string) => string;
    whatToDo: string[];
  };
  cancelled: {
    subject: string;
    /** When the account manager cancelled it. */
    subjectByStaff: string;
    preview: (date: string) => string;
    byClient: (plan: string, date: string) => string;
    /** Cancelled inside the notice: the charge already due is still taken, then no more. */
    byClientAfterCharge: (plan: string, amount: string, chargeDate: string, date: string) => string;
    byStaff: (plan: string, date: string) => string;
    /** After the client's own cancellation: they may still change their mind. */
    afterward: string;
    /** After their account manager's: in case it was not what they expected. */
    afterwardByStaff: string;
  };
  changed: {
    subject: Record<'pause' | 'resume' | 'change_plan', string>;
    pause: (date: string) => string;
    resume: string;
    changePlan: (plan: string, date: string) => string;
    question: string;
  };
}

const en: MailWords = {
  lang: 'en',
  locale: 'en-IN',
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  signOff: '— The GrowthPath team',
  replyHelp: 'Questions? Reply to this email and your account manager will answer.',
  openDashboard: 'Open your dashboard',
  quizReceived: {
    subject: 'Your growth plan from GrowthPath',
    preview: 'Your growth plan is ready. We will reply within 24 hours.',
    body: (plan) => [
      `Thank you for telling us about your business. Based on your answers, we recommend ${plan}.`,
      'Your personalised growth plan is ready as a PDF. To have it emailed to this address, confirm that the address is yours:',
    ],
    button: 'Email me my growth plan',
    linkNote: 'If you did not take our growth quiz, ignore this email: nothing more will be sent to you.',
    followUp: 'Someone from our team will reply within 24 hours to talk it through, with no obligation.',
  },
  quizReport: {
    subject: 'Your growth plan from GrowthPath (PDF)',
    preview: 'Your personalised growth plan is attached.',
    body: [
      'As you asked, your personalised growth plan is attached as a PDF, so you can read it again or share it with a partner.',
      'Someone from our team will be in touch to talk it through, with no obligation.',
    ],
    attached: 'Attached: your growth plan (PDF).',
  },

  welcome: {
    subject: 'Welcome to GrowthPath: your account is ready',
    preview: 'Your account is ready. Set a password to sign in any time.',
    body: (plan, email) => [
      `Thank you for choosing ${plan}. Your GrowthPath account is ready, and you sign in with ${email}.`,
      'Set a password so you can sign in to your dashboard from any device:',
    ],
    button: 'Set your password',
    linkNote: 'The link works for one hour. After that, choose “Forgot password?” on the sign-in page and we will send a new one.',
    signIn: 'Go to sign in',
    viaSignIn: 'On the sign-in page, choose “Forgot password?” and we will email you a link to set it.',
  },
  receipt: {
    subject: (plan) => `Payment receipt: ${plan}`,
    preview: (amount) => `We received your payment of ${amount}. Thank you.`,
    intro: (plan) => `Thank you for your payment. This is your receipt for ${plan}; keep it for your records.`,
    title: 'Receipt',
    number: 'Receipt number',
    date: 'Date',
    billedTo: 'Billed to',
    business: 'Business',
    plan: 'Plan',
    setupFee: 'One-time setup fee',
    firstMonth: 'First month',
    oneTime: 'Plan fee',
    total: 'Total paid',
    paymentId: 'Payment ID',
    from: 'From',
    gstin: 'GSTIN',
    taxNote: 'Amounts in Indian rupees, inclusive of applicable taxes. Ask us for a GST invoice with your GSTIN.',
  },
  invoicePaid: {
    subject: (plan, period) => `Paid: ${plan}, ${period}`,
    preview: (amount) => `Your monthly payment of ${amount} went through.`,
    intro: (amount, plan) => `Your monthly payment of ${amount} for ${plan} went through. Thank you.`,
    period: 'Period',
    next: (date) => `Your next payment is due on ${date}.`,
  },
  chargeFailed: {
    subject: 'Action needed: your monthly payment did not go through',
    preview: 'Your monthly payment did not go through. Here is what to do.',
    retrying: (amount, plan) =>
      `We could not take your monthly payment of ${amount} for ${plan}. Your bank or card declined it; we will try again over the next few days.`,
    halted: (amount, plan) =>
      `We tried several times and could not take your monthly payment of ${amount} for ${plan}, so the charges have stopped and your plan will lapse.`,
    whatToDo: [
      'Check that your card has not expired and has enough limit, or that your bank allows recurring (e-mandate) payments.',
      `Reply to this email or call us on ${phone}, and your account manager will send a new payment link or help you change the card.`,
    ],
  },
  cancelled: {
    subject: 'Your cancellation is confirmed',
    subjectByStaff: 'Your plan has been cancelled',
    preview: (date) => `Your plan stays active until ${date}.`,
    byClient: (plan, date) =>
      `As you asked, ${plan} is cancelled. You will not be charged again, and your service continues until ${date}.`,
    byStaff: (plan, date) => `Your account manager has cancelled ${plan}. You will not be charged again, and your service ends on ${date}.`,
    byClientAfterCharge: (plan, amount, chargeDate, date) =>
      `As you asked, ${plan} is cancelled. As it was cancelled within the notice period, the payment of ${amount} due on ${chargeDate} is still taken; after that you will not be charged again, and your service continues until ${date}.`,
    afterward: 'If you change your mind before then, reply to this email and we will keep it going.',
    afterwardByStaff: 'If this is not what you expected, or you would like to keep your plan, reply to this email before then.',
  },
  changed: {
    subject: {
      pause: 'Your plan will be paused',
      resume: 'Your plan is running again',
      change_plan: 'Your plan is changing',
    },
    pause: (date) =>
      `As agreed with your account manager, your plan will be paused from ${date}. You will not be charged while it is paused.`,
    resume: 'As agreed with your account manager, your plan is running again, and monthly charges continue as before.',
    changePlan: (plan, date) =>
      `As agreed with your account manager, your plan changes to ${plan} from ${date}, when your next monthly charge will be at the new price.`,
    question: 'If this is not what you agreed, reply to this email.',
  },
};

const hi: MailWords = {
  lang: 'hi',
  locale: 'hi-IN',
  hello: (name) => (name ? `नमस्ते ${name},` : 'नमस्ते,'),
  signOff: '— GrowthPath टीम',
  replyHelp: 'कोई सवाल हो, तो इसी ईमेल का जवाब दें। आपके अकाउंट मैनेजर आपको उत्तर देंगे।',
  openDashboard: 'अपना डैशबोर्ड खोलें',
  quizReceived: {
    subject: 'GrowthPath से आपकी विकास योजना',
    preview: 'आपकी विकास योजना तैयार है। हम 24 घंटे में जवाब देंगे।',
    body: (plan) => [
      `अपने व्यवसाय के बारे में बताने के लिए धन्यवाद। आपके उत्तरों के आधार पर हम ${plan} की सलाह देते हैं।`,
      'आपकी व्यक्तिगत विकास योजना PDF के रूप में तैयार है। इसे इस पते पर ईमेल से पाने के लिए पुष्टि करें कि यह पता आपका है:',
    ],
    button: 'मेरी विकास योजना ईमेल करें',
    linkNote: 'अगर आपने हमारा ग्रोथ क्विज़ नहीं भरा है, तो इस ईमेल को अनदेखा करें: आपको आगे कुछ नहीं भेजा जाएगा।',
    followUp: 'हमारी टीम का कोई सदस्य 24 घंटे के भीतर आपसे संपर्क करके इस योजना पर बात करेगा। इसमें आप पर कोई बाध्यता नहीं है।',
  },
  quizReport: {
    subject: 'GrowthPath से आपकी विकास योजना (PDF)',
    preview: 'आपकी व्यक्तिगत विकास योजना संलग्न है।',
    body: [
      'आपके कहने पर आपकी व्यक्तिगत विकास योजना PDF के रूप में संलग्न है, ताकि आप इसे बाद में फिर पढ़ सकें या अपने पार्टनर के साथ साझा कर सकें।',
      'हमारी टीम का कोई सदस्य इस योजना पर बात करने के लिए आपसे संपर्क करेगा। इसमें आप पर कोई बाध्यता नहीं है।',
    ],
    attached: 'संलग्न: आपकी विकास योजना (PDF)।',
  },

  welcome: {
    subject: 'GrowthPath में आपका स्वागत है: आपका अकाउंट तैयार है',
    preview: 'आपका अकाउंट तैयार है। कभी भी साइन इन करने के लिए पासवर्ड बनाएँ।',
    body: (plan, email) => [
      `${plan} चुनने के लिए धन्यवाद। आपका GrowthPath अकाउंट तैयार है, और आप ${email} से साइन इन करेंगे।`,
      'पासवर्ड बनाएँ, ताकि आप किसी भी डिवाइस से अपने डैशबोर्ड में साइन इन कर सकें:',
    ],
    button: 'अपना पासवर्ड बनाएँ',
    linkNote: 'यह लिंक एक घंटे तक काम करेगा। उसके बाद साइन इन पेज पर “पासवर्ड भूल गए?” चुनें, हम नया लिंक भेज देंगे।',
    signIn: 'साइन इन पेज पर जाएँ',
    viaSignIn: 'साइन इन पेज पर “पासवर्ड भूल गए?” चुनें, हम पासवर्ड बनाने का लिंक ईमेल कर देंगे।',
  },
  receipt: {
    subject: (plan) => `भुगतान रसीद: ${plan}`,
    preview: (amount) => `हमें आपका ${amount} का भुगतान मिल गया है। धन्यवाद।`,
    intro: (plan) => `आपके भुगतान के लिए धन्यवाद। यह ${plan} के लिए आपकी रसीद है। इसे अपने रिकॉर्ड के लिए संभालकर रखें।`,
    title: 'रसीद',
    number: 'रसीद संख्या',
    date: 'तारीख',
    billedTo: 'ग्राहक',
    business: 'व्यवसाय',
    plan: 'प्लान',
    setupFee: 'एक बार का सेटअप शुल्क',
    firstMonth: 'पहला महीना',
    oneTime: 'प्लान शुल्क',
    total: 'कुल भुगतान',
    paymentId: 'भुगतान ID',
    from: 'विक्रेता',
    gstin: 'GSTIN',
    taxNote: 'सभी राशियाँ भारतीय रुपये में हैं और इनमें लागू कर शामिल हैं। अपने GSTIN वाला GST इनवॉइस चाहिए, तो हमें बताएँ।',
  },
  invoicePaid: {
    subject: (plan, period) => `भुगतान हुआ: ${plan}, ${period}`,
    preview: (amount) => `आपका ${amount} का मासिक भुगतान हो गया है।`,
    intro: (amount, plan) => `${plan} के लिए आपका ${amount} का मासिक भुगतान हो गया है। धन्यवाद।`,
    period: 'अवधि',
    next: (date) => `आपका अगला भुगतान ${date} को होगा।`,
  },
  chargeFailed: {
    subject: 'ज़रूरी: आपका मासिक भुगतान नहीं हो पाया',
    preview: 'आपका मासिक भुगतान नहीं हो पाया। आगे क्या करें, यहाँ पढ़ें।',
    retrying: (amount, plan) =>
      `${plan} के लिए आपका ${amount} का मासिक भुगतान नहीं हो पाया, क्योंकि आपके बैंक या कार्ड ने उसे अस्वीकार कर दिया। हम अगले कुछ दिनों में फिर से कोशिश करेंगे।`,
    halted: (amount, plan) =>
      `कई बार कोशिश करने के बाद भी ${plan} के लिए आपका ${amount} का मासिक भुगतान नहीं हो पाया। इसलिए अब आगे भुगतान लेने की कोशिश नहीं की जाएगी, और आपका प्लान समाप्त हो जाएगा।`,
    whatToDo: [
      'जाँच लें कि आपका कार्ड एक्सपायर तो नहीं हुआ है और उसमें पर्याप्त लिमिट है, या आपका बैंक ऑटो-डेबिट (ई-मैंडेट) भुगतान की अनुमति देता है।',
      `इस ईमेल का जवाब दें या हमें ${phone} पर कॉल करें। आपके अकाउंट मैनेजर नया भुगतान लिंक भेजेंगे या कार्ड बदलने में मदद करेंगे।`,
    ],
  },
  cancelled: {
    subject: 'आपका रद्दीकरण पक्का हो गया है',
    subjectByStaff: 'आपका प्लान रद्द कर दिया गया है',
    preview: (date) => `आपका प्लान ${date} तक चालू रहेगा।`,
    byClient: (plan, date) => `आपके अनुरोध पर ${plan} रद्द कर दिया गया है। अब आपसे आगे कोई शुल्क नहीं लिया जाएगा, और आपकी सेवा ${date} तक चालू रहेगी।`,
    byStaff: (plan, date) =>
      `आपके अकाउंट मैनेजर ने ${plan} रद्द कर दिया है। अब आपसे आगे कोई शुल्क नहीं लिया जाएगा, और आपकी सेवा ${date} को समाप्त हो जाएगी।`,
    byClientAfterCharge: (plan, amount, chargeDate, date) =>
      `आपके अनुरोध पर ${plan} रद्द कर दिया गया है। नोटिस अवधि के भीतर रद्द करने के कारण ${chargeDate} को देय ${amount} का भुगतान फिर भी लिया जाएगा; उसके बाद आपसे कोई शुल्क नहीं लिया जाएगा, और आपकी सेवा ${date} तक चालू रहेगी।`,
    afterward: 'अगर तब तक आपका मन बदल जाए, तो इस ईमेल का जवाब दें और हम आपका प्लान जारी रखेंगे।',
    afterwardByStaff: 'अगर आपको इसकी उम्मीद नहीं थी, या आप अपना प्लान जारी रखना चाहते हैं, तो उससे पहले इस ईमेल का जवाब दें।',
  },
  changed: {
    subject: {
      pause: 'आपका प्लान रोका जाएगा',
      resume: 'आपका प्लान फिर से चालू है',
      change_plan: 'आपका प्लान बदल रहा है',
    },
    pause: (date) => `जैसा आपके अकाउंट मैनेजर के साथ तय हुआ, आपका प्लान ${date} से रोक दिया जाएगा। जब तक प्लान रुका रहेगा, आपसे कोई शुल्क नहीं लिया जाएगा।`,
    resume: 'जैसा आपके अकाउंट मैनेजर के साथ तय हुआ, आपका प्लान फिर से चालू हो गया है, और मासिक शुल्क पहले की तरह लिया जाएगा।',
    changePlan: (plan, date) =>
      `जैसा आपके अकाउंट मैनेजर के साथ तय हुआ, ${date} से आपका प्लान ${plan} हो जाएगा। उसी दिन से मासिक शुल्क नई कीमत पर लिया जाएगा।`,
    question: 'अगर ऐसा तय नहीं हुआ था, तो कृपया इस ईमेल का जवाब दें।',
  },
};

export const mailWords: Record<MailLanguage, MailWords> = { en, hi };

export const isMailLanguage = (value: unknown): value is MailLanguage => value === 'en' || value === 'hi';

/** A date as the client reads it, in Indian time. */
export function mailDate(words: MailWords, date: Date): string {
  return new Intl.DateTimeFormat(words.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(date);
}
