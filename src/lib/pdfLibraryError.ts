/**
 * The PDF libraries (jspdf, html2canvas) could not be downloaded. In a file of its own so the receipt's code can
 * throw it without taking the report's PDF module (src/lib/pdf.ts, loaded only on demand) into its chunk.
 */
export class PdfLibraryError extends Error {
  constructor(cause: unknown) {
    super('PDF generation library not loaded.', { cause });
    this.name = 'PdfLibraryError';
  }
}
