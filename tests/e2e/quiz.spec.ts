import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { queryDatabase } from './db';
import { expectAccessible } from './axe';
import { quizProspect } from '../fixtures/quizProspect';

/** What a prospect answers, as the labels on the buttons in the chosen language. */
interface Walk {
  lang: 'en' | 'hi';
  name: string;
  email: string;
  role: string;
  business: string;
  industry: string;
  location: string;
  revenue: string;
  goals: string[];
  website: string;
  quality?: string;
  ads: string;
  spend?: string;
  profile: string;
  budget: string;
}

const ui = {
  en: {
    lang: 'English',
    next: 'Next',
    confirm: 'Confirm Selection',
    submit: 'Submit',
    back: 'Back',
    step: (n: number) => `Step ${n} of 15`,
  },
  hi: { lang: 'हिन्दी', next: 'आगे', confirm: 'चयन की पुष्टि करें', submit: 'सबमिट करें', back: 'पीछे', step: (n: number) => `चरण ${n} / 15` },
} as const;

async function expectStep(page: Page, walk: Walk, n: number) {
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(n));
  await expect(page.getByText(ui[walk.lang].step(n), { exact: true })).toBeVisible();
}

async function choose(page: Page, label: string) {
  await page.locator('[data-step]').getByRole('button', { name: label, exact: true }).click();
}

async function type(page: Page, value: string, walk: Walk) {
  await page.getByRole('textbox').fill(value);
  await page.getByRole('button', { name: ui[walk.lang].next }).click();
}

/** Answers every question through the UI, checking the D1 step number on each screen. */
async function answerQuiz(page: Page, walk: Walk) {
  const t = ui[walk.lang];
  await page.goto('/get-started');
  await page.getByRole('button', { name: t.lang }).click();
  await expectStep(page, walk, 1);
  await type(page, walk.name, walk);
  await expectStep(page, walk, 2);
  await type(page, walk.email, walk);
  await expectStep(page, walk, 3);
  await choose(page, walk.role);
  await type(page, walk.business, walk);
  await expectStep(page, walk, 5);
  await choose(page, walk.industry);
  await choose(page, walk.location);
  await choose(page, walk.revenue);
  await expectStep(page, walk, 8);
  await expect(page.getByRole('button', { name: t.confirm })).toBeDisabled();
  for (const goal of walk.goals) await page.getByRole('checkbox', { name: goal }).check();
  await page.getByRole('button', { name: t.confirm }).click();
  await expectStep(page, walk, 9);
  await choose(page, walk.website);
  if (walk.quality) {
    await expectStep(page, walk, 10);
    await choose(page, walk.quality);
  }
  await expectStep(page, walk, 11);
  await choose(page, walk.ads);
  if (walk.spend) {
    await expectStep(page, walk, 12);
    await choose(page, walk.spend);
  }
  await expectStep(page, walk, 13);
  await choose(page, walk.profile);
  await expectStep(page, walk, 14);
  await choose(page, walk.budget);
  await expectStep(page, walk, 15);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/report\\?lang=${walk.lang}$`));
}

async function kpis(page: Page) {
  return {
    leads: await page.getByTestId('kpi-leads').locator('strong').textContent(),
    conversion: await page.getByTestId('kpi-conversion').locator('strong').textContent(),
    trust: await page.getByTestId('kpi-trust').locator('strong').textContent(),
  };
}

async function storedLead(email: string) {
  await expect.poll(async () => (await queryDatabase('select 1 from quiz_submissions where email = $1', [email])).length).toBe(1);
  const [row] = await queryDatabase<{ language: string; recommended_plan: string; report: { kpis: unknown }; created_at: Date }>(
    'select language, recommended_plan, report, created_at from quiz_submissions where email = $1',
    [email],
  );
  return row!;
}

/** Downloads the PDF and reads it with poppler's pdfinfo. */
async function downloadPdf(page: Page, buttonName: string | RegExp) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: buttonName }).click()]);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const info = execFileSync('pdfinfo', [file]).toString();
  const field = (name: string) => new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(info)?.[1]?.trim();
  return {
    name: download.suggestedFilename(),
    file,
    pages: Number(field('Pages')),
    size: field('Page size'),
    bytes: Number(field('File size')?.split(' ')[0]),
  };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('English: the whole quiz leads to Growth Engine, with its figures, the stored lead and checkout', async ({ page }) => {
  const email = `asha.${Date.now()}@raostores.in`;
  await answerQuiz(page, {
    lang: 'en',
    name: 'Asha Verma',
    email,
    role: 'Owner',
    business: 'Rao Stores',
    industry: 'Retail',
    location: 'Several locations',
    revenue: '₹5 – 15 lakh',
    goals: ['Get more leads and enquiries', 'Build trust in my brand'],
    website: 'Yes',
    quality: 'Outdated',
    ads: 'Yes',
    spend: '₹10k – ₹25k',
    profile: 'Yes',
    budget: '₹20,000 – ₹40,000',
  });

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Personalised Growth Strategy');
  const today = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long' }).format(new Date());
  await expect(page.getByText(`Prepared on ${today}`)).toBeVisible();
  await expect(page.getByText('Hello Asha,')).toBeVisible();
  await expect(page.getByText('You have a website, but it looks outdated')).toBeVisible();
  await expect(page.getByText('You spend ₹10k to ₹25k a month on online ads.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Growth Engine' })).toBeVisible();
  await expect(page.locator('[data-service]')).toHaveCount(5);
  await expect(page.getByTestId('investment-setup')).toContainText('₹17,000');
  await expect(page.getByTestId('investment-monthly')).toContainText('₹4,500/month');
  await expect(page.getByTestId('investment-ads')).toContainText('About ₹25,000 a month');
  await expect(page.getByTestId('value-one-time')).toHaveText('₹95,000');
  await expect(page.getByTestId('value-monthly')).toHaveText('₹32,000/month');
  await expect(page.getByRole('heading', { name: 'Projected results within 4 months' })).toBeVisible();
  expect(await kpis(page)).toEqual({ leads: '+49–77%', conversion: 'In Scale Up', trust: '+50%' });

  const lead = await storedLead(email);
  expect(lead).toMatchObject({ language: 'en', recommended_plan: 'growth-engine' });
  expect(Date.now() - new Date(lead.created_at).getTime()).toBeLessThan(5 * 60_000);

  await page.getByRole('link', { name: 'Activate Your Plan' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Secure Checkout' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('₹21,500', { exact: true })).toBeVisible();
});

test('Hindi: the whole quiz in Hindi leads to LaunchPad, a Hindi report and an A4 PDF', async ({ page }) => {
  const email = `meera.${Date.now()}@example.in`;
  await answerQuiz(page, {
    lang: 'hi',
    name: 'मीरा जोशी',
    email,
    role: 'मालिक',
    business: 'जोशी स्वीट्स',
    industry: 'रेस्टोरेंट',
    location: 'एक ही जगह',
    revenue: '₹1 – 5 लाख',
    goals: ['दुकान पर ज़्यादा ग्राहक लाना'],
    website: 'नहीं',
    ads: 'नहीं',
    profile: 'नहीं',
    budget: '₹20,000 से कम',
  });

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('आपकी व्यक्तिगत ग्रोथ रणनीति');
  const today = new Intl.DateTimeFormat('hi-IN', { dateStyle: 'long' }).format(new Date());
  await expect(page.getByText(`${today} को तैयार की गई`)).toBeVisible();
  await expect(page.getByText('नमस्ते मीरा,')).toBeVisible();
  await expect(page.getByText('अभी आपकी कोई वेबसाइट नहीं है, इसलिए')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'LaunchPad' })).toBeVisible();
  await expect(page.getByTestId('investment-setup')).toContainText('₹10,000');
  await expect(page.getByTestId('investment-monthly')).toContainText('₹2,500/माह');
  await expect(page.getByRole('heading', { name: '4 महीनों में अनुमानित परिणाम' })).toBeVisible();
  expect(await kpis(page)).toEqual({ leads: '+35–55%', conversion: 'स्केल अप में', trust: '+50%' });
  expect(await storedLead(email)).toMatchObject({ language: 'hi', recommended_plan: 'launchpad' });

  const pdf = await downloadPdf(page, 'प्रिंट करें / PDF सेव करें');
  expect(pdf.name).toBe('जोशी_स्वीट्स_Growth_Strategy.pdf');
  expect(pdf.size).toBe('595.28 x 841.89 pts (A4)');
  expect(pdf.pages).toBeGreaterThanOrEqual(2);
  expect(pdf.pages).toBeLessThanOrEqual(4);
  expect(pdf.bytes).toBeLessThan(2_000_000);
});

test('Scale Up through the real UI: capped KPIs, Contact Sales instead of checkout, and an English PDF', async ({ page }) => {
  await answerQuiz(page, {
    lang: 'en',
    name: 'Vikram Rao',
    email: `vikram.${Date.now()}@raoclinics.in`,
    role: 'Manager',
    business: 'Rao Clinics & Diagnostics',
    industry: 'Clinic / Healthcare',
    location: 'Several locations',
    revenue: 'Over ₹50 lakh',
    goals: ['Automate work with AI', 'Bring customers back again'],
    website: 'Yes',
    quality: 'Good',
    ads: 'Yes',
    spend: '₹50k+',
    profile: 'Yes',
    budget: '₹1,50,000 or more',
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Scale Up' })).toBeVisible();
  await expect(page.locator('[data-service]')).toHaveCount(7);
  expect(await kpis(page)).toEqual({ leads: '+56–80%', conversion: '+25–30%', trust: '+50%' });
  await expect(page.getByTestId('investment-ads')).toContainText('About ₹1,00,000 a month');
  await expect(page.getByRole('link', { name: 'Activate Your Plan' })).toHaveCount(0);

  const pdf = await downloadPdf(page, 'Print / Save as PDF');
  expect(pdf.name).toBe('Rao_Clinics_Diagnostics_Growth_Strategy.pdf');
  expect(pdf.size).toBe('595.28 x 841.89 pts (A4)');
  expect(pdf.pages).toBeGreaterThanOrEqual(2);
  expect(pdf.bytes).toBeLessThan(2_000_000);
  // Every page is A4 portrait.
  const perPage = execFileSync('pdfinfo', ['-f', '1', '-l', String(pdf.pages), pdf.file]).toString();
  expect(perPage.match(/Page\s+\d+ size:\s+595\.28 x 841\.89 pts \(A4\)/g)).toHaveLength(pdf.pages);

  await page.getByRole('link', { name: /Contact Sales/ }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('Back restores the previous answers, and the draft survives a reload and can be cleared', async ({ page }) => {
  await page.goto('/get-started');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('textbox').fill('Asha Verma');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox').fill('asha@raostores.in');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'Marketing');
  await page.getByRole('textbox').fill('Rao Stores');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'Education');
  await expectStep(page, { lang: 'en' } as Walk, 6);

  // Back, back: each earlier screen shows the answer given.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.locator('[data-step]').getByRole('button', { name: 'Education' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'What is your business called?' })).toHaveValue('Rao Stores');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.locator('[data-step]').getByRole('button', { name: 'Marketing' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#quiz-question')).toBeFocused();

  // The conditional step is skipped and the count jumps over it (D1); Back returns over it too.
  await choose(page, 'Marketing');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'Education');
  await choose(page, 'One location');
  await choose(page, '₹1 – 5 lakh');
  await page.getByRole('checkbox', { name: 'Increase sales' }).check();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await choose(page, 'No');
  await expectStep(page, { lang: 'en' } as Walk, 11);
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, { lang: 'en' } as Walk, 9);
  await expect(page.locator('[data-step]').getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');

  // Reload: the quiz resumes at the saved step with the answers.
  await page.reload();
  await expectStep(page, { lang: 'en' } as Walk, 9);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('growth.getStartedDraft') ?? 'null'));
  expect(saved).toMatchObject({
    language: 'en',
    step: 'hasWebsite',
    answers: { fullName: 'Asha Verma', role: 'Marketing', goals: ['increase-sales'], monthlyAdSpend: 20000 },
  });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('checkbox', { name: 'Increase sales' })).toBeChecked();

  // Start over clears the draft and returns to the language choice.
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('growth.getStartedDraft'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
});

test('a failed lead submission never blocks the report', async ({ page }) => {
  await page.route('**/api/quiz-submissions', (route) => route.fulfill({ status: 503, body: 'down for maintenance' }));
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await answerQuiz(page, {
    lang: 'en',
    name: 'Ravi Kumar',
    email: `ravi.${Date.now()}@example.in`,
    role: 'Owner',
    business: 'Kumar Tutorials',
    industry: 'Education',
    location: 'One location',
    revenue: 'Under ₹1 lakh',
    goals: ['Get more leads and enquiries'],
    website: 'Yes',
    quality: 'Okay',
    ads: 'No',
    profile: 'Yes',
    budget: 'Under ₹20,000',
  });
  await expect(page.getByRole('heading', { level: 2, name: 'LaunchPad' })).toBeVisible();
  await expect.poll(() => warnings.some((text) => text.includes('could not be stored'))).toBe(true);
});

test('the report without quiz answers sends the visitor to the quiz; the PDF message when its library cannot load', async ({ page }) => {
  await page.goto('/report?lang=en');
  await expect(page).toHaveURL(/\/get-started$/);
  // The quiz page is on screen: the redirect has finished. A visit to /report while the quiz page is still loading
  // lands on the report page the redirect left, which shows nothing (noticed in issue 13's note, not fixed here).
  await expect(page).toHaveTitle('Get Your Growth Plan | GrowthPath');

  const answers = {
    fullName: 'Asha Verma',
    email: 'asha@raostores.in',
    role: 'Owner',
    businessName: 'Rao Stores',
    industry: 'Retail',
    locationType: 'Single-location',
    monthlyRevenue: '₹1L – ₹5L',
    goals: ['increase-leads'],
    hasWebsite: 'Yes',
    websiteQuality: 'Okay',
    runningAds: 'No',
    googleBusinessProfile: 'Yes',
    roughBudget: '< ₹20,000',
    acceptTerms: true,
  };
  await page.evaluate(
    (value) =>
      localStorage.setItem(
        'growth.getStartedDraft',
        JSON.stringify({ version: 1, language: 'en', step: 'acceptTerms', answers: value, updatedAt: '' }),
      ),
    answers,
  );
  await page.route(/jspdf|html2canvas/, (route) => route.abort());
  await page.goto('/report?lang=en');
  await expect(page.getByRole('heading', { level: 2, name: 'Growth Engine' })).toBeVisible();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Print / Save as PDF' }).click();
  // Said in the page, under the buttons, never in a browser dialog (decision 049); the report stays and can retry.
  await expect(page.getByRole('alert')).toHaveText('PDF generation library not loaded. Please try again.');
  await expect(page.getByRole('button', { name: 'Print / Save as PDF' })).toBeEnabled();
  await expect(page.getByRole('heading', { level: 2, name: 'Growth Engine' })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('an English visitor draws the Hindi labels from the small subset and never downloads the whole Devanagari font', async ({ page }) => {
  // Decision 153: the whole font is 121 kB; the English quiz shows a few Hindi words.
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  const faceStatus = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return Object.fromEntries(
        [...document.fonts].filter((face) => /Devanagari/.test(face.family)).map((face) => [face.family.replaceAll('"', ''), face.status]),
      );
    });

  await page.goto('/get-started');
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toBeVisible();
  expect(await faceStatus()).toEqual({ 'Noto Sans Devanagari Variable': 'unloaded', 'Noto Sans Devanagari Labels': 'loaded' });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'हिन्दी में देखें' })).toBeVisible();
  expect(await faceStatus()).toEqual({ 'Noto Sans Devanagari Variable': 'unloaded', 'Noto Sans Devanagari Labels': 'loaded' });
  expect(fonts).toContain('noto-sans-devanagari-labels-wght-600-800.woff2');
  expect(fonts).not.toContain('noto-sans-devanagari-devanagari-wght-normal.woff2');

  // Hindi questions need every letter: the whole font, then.
  await page.getByRole('button', { name: 'हिन्दी में देखें' }).click();
  await expect(page.getByText('चरण 1 / 15', { exact: true })).toBeVisible();
  expect(await faceStatus()).toMatchObject({ 'Noto Sans Devanagari Variable': 'loaded' });
  expect(fonts).toContain('noto-sans-devanagari-devanagari-wght-normal.woff2');
});

// Hardening round 3, finding 2: the reply to a quiz carries no PDF and nothing the sender typed; its link opens a
// page where the owner of the address asks for the report, which is then emailed once (docs/decisions/188).
test('the quiz reply’s link, opened on a phone, emails the Hindi report once', async ({ browser, request }) => {
  const email = `link.${Date.now()}@example.in`;
  const answers = quizProspect({ email, fullName: 'मीरा जोशी', businessName: 'जोशी स्वीट्स' });
  expect((await request.post('/api/quiz-submissions', { data: { language: 'hi', answers } })).status()).toBe(201);

  const mailTo = (kind: string) =>
    queryDatabase<{ text: string; attachments: { filename: string }[] | null }>(
      'select text, attachments from mail_messages where kind = $1 and lower(to_address) = lower($2)',
      [kind, email],
    );
  await expect.poll(async () => (await mailTo('prospect.quizReceived')).length, { timeout: 20_000 }).toBe(1);
  const [reply] = await mailTo('prospect.quizReceived');
  expect(reply!.attachments).toBeNull();
  expect(reply!.text).not.toContain('जोशी स्वीट्स');
  const link = new URL(/https?:\/\/\S+\/report\/email\?token=[\w-]+&lang=hi/.exec(reply!.text)![0]);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('अपनी विकास योजना ईमेल से पाएँ');
  await expectAccessible(page, 'the report by email page');
  // Opening the link sent nothing: only the button does.
  expect(await mailTo('prospect.quizReport')).toHaveLength(0);
  await page.getByRole('button', { name: 'मेरी विकास योजना ईमेल करें' }).click();
  await expect(page.getByRole('status')).toHaveText('आपकी विकास योजना भेज दी गई है। यह कुछ ही मिनटों में आपके इनबॉक्स में पहुँच जाएगी।');
  await expect.poll(async () => (await mailTo('prospect.quizReport')).length, { timeout: 20_000 }).toBe(1);
  const [report] = await mailTo('prospect.quizReport');
  expect(report!.attachments!.map((file) => file.filename)).toEqual(['जोशी_स्वीट्स_Growth_Strategy.pdf']);

  // Again, later: nothing more is sent, and the page says so.
  await page.reload();
  await page.getByRole('button', { name: 'मेरी विकास योजना ईमेल करें' }).click();
  await expect(page.getByRole('status')).toHaveText('आपकी विकास योजना इस पते पर पहले ही भेजी जा चुकी है। अगर न मिले, तो स्पैम फ़ोल्डर देखें।');
  expect(await mailTo('prospect.quizReport')).toHaveLength(1);
  await phone.close();
});
