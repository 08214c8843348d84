/**
 * "Print / Save as PDF" (docs/product.md §2 Report, §5, §8; decision D15): the rendered report, rasterised with html2canvas
 * and laid out on A4 portrait pages with jsPDF. Rasterising keeps Devanagari shaping exactly as the browser drew it
 * (jsPDF's own text engine cannot shape Hindi). Both libraries are imported here, on demand, when the button is
 * pressed: nothing of them is in any page's first download.
 *
 * Page breaks fall between sections where that fills a page well, otherwise between blocks (paragraphs, list items,
 * table rows, cards marked `data-pdf-keep`), never through a line of text and never straight after a heading.
 */

import { PdfLibraryError } from './pdfLibraryError';

export interface PdfExportOptions {
  fileName: string;
  /** Document title in the PDF's properties (Latin text only: the info dictionary has no Devanagari font). */
  title: string;
  /** Small Latin text in each page's footer, before the page number. */
  footer: string;
  /** Width the report is laid out at for the PDF, in CSS pixels; the page's own width does not matter. */
  layoutWidth?: number;
  scale?: number;
  jpegQuality?: number;
}

export interface PdfExportResult {
  fileName: string;
  pages: number;
  bytes: number;
}

const A4 = { width: 210, height: 297 } as const;
const MARGIN = { top: 12, side: 12, bottom: 16 } as const;
const CONTENT_WIDTH_MM = A4.width - 2 * MARGIN.side;
const CONTENT_HEIGHT_MM = A4.height - MARGIN.top - MARGIN.bottom;

/** Elements a page break must not cut through. */
const ATOMS = 'h1, h2, h3, h4, p, li, dt, dd, tr, figure, [data-pdf-keep]';

interface Block {
  top: number;
  bottom: number;
  heading: boolean;
}

export interface BreakMap {
  height: number;
  sections: number[];
  blocks: Block[];
}

/** Measures, in CSS pixels from the top of `root`, where its sections start and where its unbreakable blocks sit. */
export function measureBreaks(root: HTMLElement): BreakMap {
  const origin = root.getBoundingClientRect();
  const relative = (element: Element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top - origin.top, bottom: box.bottom - origin.top };
  };
  const blocks = [...root.querySelectorAll(ATOMS)]
    .filter((element) => element.getBoundingClientRect().height > 0)
    .map((element) => ({ ...relative(element), heading: /^H[1-4]$/.test(element.tagName) }));
  const sectionElements = [...root.querySelectorAll('[data-pdf-section]')];
  // A section's last block stays with the section's own bottom edge (padding, border), so no page starts with a
  // sliver of an empty box.
  for (const section of sectionElements) {
    const { top, bottom } = relative(section);
    const inside = blocks.filter((block) => block.top >= top && block.bottom <= bottom);
    const last = inside.reduce<Block | undefined>((latest, block) => (!latest || block.bottom > latest.bottom ? block : latest), undefined);
    if (last) last.bottom = bottom;
  }
  const sections = sectionElements.map((element) => relative(element).top);
  return { height: origin.height, sections, blocks };
}

/**
 * Splits [0, height] into page slices no taller than `pageHeight`. Prefers a section start in the lowest third of the
 * page (so no page is left half empty); otherwise the lowest gap between blocks; a slice is cut mid-block only when one block is taller than a page.
 */
export function planPages({ height, sections, blocks }: BreakMap, pageHeight: number): [number, number][] {
  const lastAbove = (y: number) =>
    blocks
      .filter((block) => block.bottom <= y + 0.5)
      .reduce<Block | undefined>((last, block) => (!last || block.bottom > last.bottom ? block : last), undefined);
  const isSafe = (y: number) =>
    !blocks.some((block) => block.top < y - 0.5 && block.bottom > y + 0.5) &&
    // Never leave a heading alone at the bottom of a page.
    !lastAbove(y)?.heading;
  const candidates = [...new Set(blocks.flatMap((block) => [block.top, block.bottom]).concat(sections))]
    .filter((y) => y > 0 && y < height && isSafe(y))
    .sort((a, b) => a - b);
  const sectionStarts = sections.filter(isSafe);

  const slices: [number, number][] = [];
  let start = 0;
  while (height - start > pageHeight) {
    const limit = start + pageHeight;
    const within = (y: number, from: number) => y > start + from * pageHeight && y <= limit;
    const sectionCut = sectionStarts.filter((y) => within(y, 0.65)).at(-1);
    const blockCut = candidates.filter((y) => within(y, 0.15)).at(-1);
    const cut = sectionCut ?? blockCut ?? limit;
    slices.push([start, cut]);
    start = cut;
  }
  slices.push([start, height]);
  return slices;
}

async function loadLibraries() {
  try {
    const [jspdf, html2canvas] = await Promise.all([import('jspdf'), import('html2canvas')]);
    return { jsPDF: jspdf.jsPDF, html2canvas: html2canvas.default };
  } catch (error) {
    throw new PdfLibraryError(error);
  }
}

/** Triggers the browser's download of `blob` under `fileName`. */
function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Renders `root` into an A4 portrait PDF and downloads it. Rejects with PdfLibraryError when the libraries cannot be
 * loaded (the report says "PDF generation library not loaded. Please try again." in the page), or with the rendering
 * error.
 */
export async function exportElementToPdf(root: HTMLElement, options: PdfExportOptions): Promise<PdfExportResult> {
  const { jsPDF, html2canvas } = await loadLibraries();
  const layoutWidth = options.layoutWidth ?? 880;
  const scale = options.scale ?? 2;
  let breaks: BreakMap | null = null;

  const canvas = await html2canvas(root, {
    scale,
    backgroundColor: '#ffffff',
    logging: false,
    useCORS: true,
    // Desktop layout whatever the device: a phone's single column would look odd on A4.
    windowWidth: Math.max(1100, layoutWidth + 100),
    onclone: (clonedDocument, clone) => {
      clonedDocument.documentElement.classList.add('pdf-export');
      clone.style.width = `${layoutWidth}px`;
      clone.style.maxWidth = 'none';
      clone.style.margin = '0';
      breaks = measureBreaks(clone);
    },
  });
  if (!breaks) throw new Error('The report could not be measured for the PDF.');
  const measured: BreakMap = breaks;

  const pixelsPerCss = canvas.width / layoutWidth;
  const mmPerCss = CONTENT_WIDTH_MM / layoutWidth;
  const slices = planPages(measured, CONTENT_HEIGHT_MM / mmPerCss);

  const pdf = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  pdf.setDocumentProperties({ title: options.title, creator: 'GrowthPath', subject: 'Personalised growth strategy' });
  const page = document.createElement('canvas');
  page.width = canvas.width;
  const context = page.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the PDF pages.');

  slices.forEach(([from, to], index) => {
    const sourceTop = Math.round(from * pixelsPerCss);
    const sourceHeight = Math.max(1, Math.min(canvas.height, Math.round(to * pixelsPerCss)) - sourceTop);
    page.height = sourceHeight;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, page.width, page.height);
    context.drawImage(canvas, 0, sourceTop, canvas.width, sourceHeight, 0, 0, page.width, sourceHeight);
    if (index > 0) pdf.addPage('a4', 'portrait');
    const image = page.toDataURL('image/jpeg', options.jpegQuality ?? 0.86);
    pdf.addImage(image, 'JPEG', MARGIN.side, MARGIN.top, CONTENT_WIDTH_MM, (sourceHeight / pixelsPerCss) * mmPerCss);
    pdf.setFontSize(8);
    pdf.setTextColor(100, 116, 139);
    pdf.text(options.footer, MARGIN.side, A4.height - 8);
    pdf.text(`${index + 1} / ${slices.length}`, A4.width - MARGIN.side, A4.height - 8, { align: 'right' });
  });

  const blob = pdf.output('blob');
  download(blob, options.fileName);
  return { fileName: options.fileName, pages: slices.length, bytes: blob.size };
}
