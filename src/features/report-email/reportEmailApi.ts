import { reportEmailReceiptSchema, type ReportEmailReceipt } from '../../domain/wire';
import { ApiError, requestJson } from '../../lib/http';

const NO_ANSWER = 'We could not reach GrowthPath. Check your connection and try again.';

/**
 * POST /api/report-emails with the link's secret: `sent` or `already_sent`. A refusal rejects with an ApiError whose
 * message is the server's sentence (a 404 for a link it does not know), else ours.
 */
export async function requestReportEmail(token: string, fetchImpl: typeof fetch = fetch): Promise<ReportEmailReceipt['result']> {
  try {
    const receipt = await requestJson('/api/report-emails', {
      method: 'POST',
      body: { token },
      schema: reportEmailReceiptSchema,
      fetchImpl,
    });
    return receipt.result;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(error.status, error.code, error.serverSentence ?? NO_ANSWER, { cause: error });
  }
}
