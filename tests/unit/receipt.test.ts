import { describe, expect, it } from 'vitest';
import { receiptFileName, receiptLines } from '../../src/lib/receiptPdf';
import type { BillingInvoice } from '../../src/domain/billingAccount';

const invoice = (amountPaise: number): BillingInvoice => ({
  id: 'inv_Test12345678',
  plan: 'growth-engine',
  amountPaise,
  status: 'paid',
  periodStart: '2026-11-26T18:30:00.000Z',
  periodEnd: '2026-12-26T18:30:00.000Z',
  paidAt: '2026-11-27T10:00:00.000Z',
});

describe('a receipt', () => {
  it('shows the first charge as the setup fee and the first month, adding up to what was paid', () => {
    const lines = receiptLines({ invoice: invoice(2_150_000) });
    expect(lines).toEqual([
      { label: 'Growth Engine plan: one-time setup fee', paise: 1_700_000 },
      { label: 'Growth Engine plan: first month (27 November 2026 to 27 December 2026)', paise: 450_000 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.paise, 0)).toBe(2_150_000);
  });

  it('shows a renewal as one month, and is named by its invoice', () => {
    expect(receiptLines({ invoice: invoice(450_000) })).toEqual([
      { label: 'Growth Engine plan: monthly subscription (27 November 2026 to 27 December 2026)', paise: 450_000 },
    ]);
    expect(receiptFileName(invoice(450_000))).toBe('GrowthPath-receipt-inv_Test12345678.pdf');
  });
});
