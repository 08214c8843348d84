import { describe, expect, it } from 'vitest';
import { reportEn } from '../../src/content/report.en';
import { reportHi } from '../../src/content/report.hi';
import { quizEn } from '../../src/content/quiz.en';
import { adSpendOptions } from '../../src/domain/quiz';

describe("the report's sentence about ad spend", () => {
  it('reads as English for every amount the quiz offers (its labels are answers, not phrases)', () => {
    const sentences = adSpendOptions.map((amount) =>
      reportEn.position.ads({ amount, label: (quizEn.options.monthlyAdSpend as Record<number, string>)[amount]! }),
    );
    expect(sentences).toEqual([
      'You spend under ₹10k a month on online ads.',
      'You spend ₹10k to ₹25k a month on online ads.',
      'You spend ₹25k to ₹50k a month on online ads.',
      'You spend ₹50k or more a month on online ads.',
    ]);
    expect(reportEn.position.ads(null)).toBe('You are not running online ads yet.');
  });

  it('in Hindi, carries the answer as the quiz worded it', () => {
    expect(reportHi.position.ads({ amount: 10000, label: '₹10 हज़ार से कम' })).toBe('आप हर महीने ₹10 हज़ार से कम ऑनलाइन विज्ञापनों पर खर्च करते हैं।');
  });
});
