import { billingPriceOf, formatBillingDate } from '../domain/billing';
import type { BillingInvoice } from '../domain/billingAccount';
import { findPlan } from '../domain/plans';
import { brand } from '../content/brand';
import { PdfLibraryError } from './pdfLibraryError';

/**
 * A paid invoice's receipt as a PDF (docs/decisions/180-monthly-billing.md): the agency's details, the client's
 * business, the period paid for and the amount. Drawn as text with jsPDF, imported when the button is pressed. Its
 * built-in font has no ₹ sign, so amounts are written "INR 12,500.00".
 */

export interface ReceiptInput {
  invoice: BillingInvoice;
  businessName: string | null;
  email: string;
}

const inr = (paise: number) => `INR ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The receipt's lines: a first charge is the setup fee and the first month; a renewal is one month. */
export function receiptLines({ invoice }: Pick<ReceiptInput, 'invoice'>): Array<{ label: string; paise: number }> {
  const title = findPlan(invoice.plan)?.title ?? invoice.plan;
  const period =
    invoice.periodStart && invoice.periodEnd
      ? ` (${formatBillingDate(invoice.periodStart)} to ${formatBillingDate(invoice.periodEnd)})`
      : '';
  const price = billingPriceOf(invoice.plan);
  if (price && price.setupPaise > 0 && invoice.amountPaise === price.firstChargePaise) {
    return [
      { label: `${title} plan: one-time setup fee`, paise: price.setupPaise },
      { label: `${title} plan: first month${period}`, paise: price.monthlyPaise },
    ];
  }
  return [{ label: `${title} plan: monthly subscription${period}`, paise: invoice.amountPaise }];
}

export const receiptFileName = (invoice: BillingInvoice) => `GrowthPath-receipt-${invoice.id}.pdf`;

export async function downloadReceipt({ invoice, businessName, email }: ReceiptInput): Promise<{ fileName: string }> {
  const { jsPDF } = await import('jspdf').catch((error: unknown) => {
    throw new PdfLibraryError(error);
  });
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const left = 20;
  const right = 190;
  let y = 24;
  const line = (text: string, size = 10, style: 'normal' | 'bold' = 'normal', gap = 6) => {
    doc.setFont('helvetica', style).setFontSize(size).text(text, left, y);
    y += gap;
  };

  line(brand.legalName, 16, 'bold', 7);
  line(brand.location);
  line(`${brand.email} | ${brand.phoneDisplay}`, 10, 'normal', 14);
  line('Payment receipt', 20, 'bold', 10);
  line(`Receipt for invoice ${invoice.id}`);
  line(`Paid on ${invoice.paidAt ? formatBillingDate(invoice.paidAt) : 'not yet paid'}`, 10, 'normal', 12);
  line('Billed to', 10, 'bold');
  if (businessName) line(businessName);
  line(email, 10, 'normal', 12);

  doc.setDrawColor(200).line(left, y - 4, right, y - 4);
  for (const { label, paise } of receiptLines({ invoice })) {
    doc.setFont('helvetica', 'normal').setFontSize(10).text(label, left, y);
    doc.text(inr(paise), right, y, { align: 'right' });
    y += 7;
  }
  doc.line(left, y - 3, right, y - 3);
  y += 3;
  doc.setFont('helvetica', 'bold').setFontSize(12).text('Total paid', left, y);
  doc.text(inr(invoice.amountPaise), right, y, { align: 'right' });
  y += 14;
  line('Paid through Razorpay. Fees are non-refundable; you may cancel up to 15 days before a billing date.', 9);
  line(`Questions about this receipt: ${brand.supportEmail}`, 9);

  doc.setProperties({ title: `${brand.name} receipt ${invoice.id}`, author: brand.legalName });
  const fileName = receiptFileName(invoice);
  doc.save(fileName);
  return { fileName };
}
