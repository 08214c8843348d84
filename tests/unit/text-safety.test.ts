import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { chatRequestSchema } from '../../src/domain/chat';
import { parseContact } from '../../src/domain/contact';
import { parseProfileUpdate } from '../../src/domain/profileUpdate';
import { quizSubmissionSchema, quizFieldErrors, textStepError } from '../../src/domain/quiz';
import { isSafeText, safeText, unsafeTextMessage } from '../../src/domain/text';

describe('isSafeText', () => {
  it.each([
    ['plain text', 'Rao Stores'],
    ['newlines and tabs', 'line one\nline two\r\nthree\tfour'],
    ['Devanagari, Arabic, emoji (surrogate pairs)', 'आशा वर्मा شكرا 🚀👩🏽‍💻'],
    ['a zero-width joiner and a right-to-left mark (not overrides)', 'a\u200db\u200f'],
    ['the empty string', ''],
  ])('accepts %s', (_name, value) => {
    expect(isSafeText(value)).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['every other C0 control', ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter((c) => !'\t\n\r'.includes(c))],
  ])('refuses %s', (_name, ...values) => {
    for (const value of values) expect(isSafeText(`x${value}y`), JSON.stringify(value)).toBe(false);
  });

  it('refuses DEL, every C1 control, every bidi embedding, override and isolate, and lone surrogates', () => {
    const refused = [
      0x7f,
      ...Array.from({ length: 32 }, (_, i) => 0x80 + i),
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
    ];
    for (const code of refused) expect(isSafeText(`x${String.fromCharCode(code)}y`), code.toString(16)).toBe(false);
    expect(isSafeText('x\ud800y')).toBe(false);
    expect(isSafeText('x\udc00')).toBe(false);
    expect(isSafeText('\ud83d')).toBe(false);
    expect(isSafeText('\ude80\ud83d')).toBe(false);
  });
});

describe('safeText', () => {
  it('keeps the checks before it (a trim) and after it', () => {
    const schema = z.string().check(z.trim(), safeText(), z.maxLength(5, 'too long'));
    expect(schema.parse('  abc ')).toBe('abc');
    expect(schema.safeParse('abcdefgh').error?.issues[0]?.message).toBe('too long');
    // The unsafe text is reported as such, not as too long.
    const issues = schema.safeParse('a\u0000bcdefgh').error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([unsafeTextMessage]);
  });
});

describe('every shared text schema uses it', () => {
  const nul = 'Rao\u0000 Stores';

  it('contact: name, email and message', () => {
    const valid = { name: 'Asha', email: 'asha@example.in', phone: '', message: 'We need a new website.' };
    for (const field of ['name', 'email', 'message'] as const) {
      const result = parseContact({ ...valid, [field]: `${valid[field]}\u0000` });
      expect(result.ok ? {} : result.fieldErrors).toEqual({ [field]: unsafeTextMessage });
    }
    expect(parseContact({ ...valid, phone: '98765\u000043210' }).ok).toBe(false);
  });

  it('profile update: every text field', () => {
    for (const field of ['displayName', 'businessName', 'role', 'industry']) {
      const result = parseProfileUpdate({ [field]: nul });
      expect(result.ok ? {} : result.fieldErrors).toEqual({ [field]: unsafeTextMessage });
    }
  });

  it('quiz: the text steps and the free-text answers', () => {
    expect(textStepError('fullName', 'Asha\u202e Verma')).toBe('nameInvalid');
    expect(textStepError('email', 'asha\u0000@example.in')).toBe('emailInvalid');
    expect(textStepError('businessName', nul)).toBe('businessNameInvalid');
    const answers = {
      fullName: 'Asha Verma',
      email: 'asha@raostores.in',
      role: 'Owner',
      businessName: 'Rao Stores',
      industry: 'Retail',
      locationType: 'Online-only',
      monthlyRevenue: '< ₹1L',
      goals: ['increase-leads'],
      hasWebsite: 'No',
      runningAds: 'No',
      googleBusinessProfile: 'No',
      roughBudget: '< ₹20,000',
      acceptTerms: true,
    };
    expect(quizSubmissionSchema.safeParse({ language: 'en', answers }).success).toBe(true);
    for (const field of ['fullName', 'email', 'businessName', 'phone', 'teamSize', 'timelineExpectation', 'contactPreference']) {
      const result = quizSubmissionSchema.safeParse({ language: 'en', answers: { ...answers, [field]: nul } });
      expect(result.success).toBe(false);
      expect(quizFieldErrors(result.error!)).toEqual({ [field]: unsafeTextMessage });
    }
  });

  it('chat: the message and every earlier message', () => {
    const request = { conversationId: 'conversation-1', message: 'Hello', history: [{ role: 'user', text: 'Hi' }] };
    expect(chatRequestSchema.safeParse(request).success).toBe(true);
    expect(chatRequestSchema.safeParse({ ...request, message: nul }).error?.issues[0]).toMatchObject({
      path: ['message'],
      message: unsafeTextMessage,
    });
    const history = [{ role: 'user', text: nul }];
    expect(chatRequestSchema.safeParse({ ...request, history }).error?.issues[0]).toMatchObject({
      path: ['history', 0, 'text'],
      message: unsafeTextMessage,
    });
  });
});
