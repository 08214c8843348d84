import { z } from 'zod/mini';
import { formatInr } from '../../domain/money';

/**
 * The figures of a stored quiz report (src/domain/report.ts GrowthReport), read leniently: the inbox shows what the
 * prospect saw, and a report stored by an older build that lacks a part shows the rest.
 */

const range = z.object({ min: z.number(), max: z.number() });
const storedReport = z.object({
  planTitle: z.optional(z.string()),
  plan: z.optional(z.string()),
  services: z.optional(z.array(z.object({ name: z.string() }))),
  costs: z.optional(
    z.object({
      setupFee: z.number(),
      monthlyFee: z.number(),
      lineItems: z.optional(z.array(z.object({ item: z.string(), type: z.enum(['oneTime', 'monthly']), cost: z.number() }))),
      oneTimeTotal: z.optional(z.number()),
      monthlyTotal: z.optional(z.number()),
      adSpend: z.optional(z.nullable(z.number())),
    }),
  ),
  kpis: z.optional(z.object({ leads: range, conversion: range, trust: range, timelineMonths: z.number() })),
});

export interface Figure {
  label: string;
  value: string;
}

export interface ReportFigures {
  plan: string | null;
  services: string[];
  investment: Figure[];
  lineItems: Figure[];
  results: Figure[];
}

const percent = ({ min, max }: { min: number; max: number }) => `+${min}% to +${max}%`;

/** null when the stored report is not a report at all. */
export function reportFigures(report: unknown): ReportFigures | null {
  const parsed = storedReport.safeParse(report);
  if (!parsed.success) return null;
  const { planTitle, plan, services = [], costs, kpis } = parsed.data;
  const investment: Figure[] = costs
    ? [
        { label: 'Setup fee (one time)', value: formatInr(costs.setupFee) },
        { label: 'Monthly fee', value: `${formatInr(costs.monthlyFee)} / month` },
        ...(costs.adSpend ? [{ label: 'Ad budget (paid to Google/Meta)', value: `${formatInr(costs.adSpend)} / month` }] : []),
      ]
    : [];
  const lineItems: Figure[] = (costs?.lineItems ?? []).map((line) => ({
    label: line.item,
    value: line.type === 'monthly' ? `${formatInr(line.cost)} / month` : formatInr(line.cost),
  }));
  if (costs?.oneTimeTotal !== undefined)
    lineItems.push({ label: 'One-time total, bought separately', value: formatInr(costs.oneTimeTotal) });
  if (costs?.monthlyTotal !== undefined)
    lineItems.push({ label: 'Monthly total, bought separately', value: `${formatInr(costs.monthlyTotal)} / month` });
  const results: Figure[] = kpis
    ? [
        { label: 'More leads', value: percent(kpis.leads) },
        { label: 'Better conversion', value: percent(kpis.conversion) },
        { label: 'More trust and awareness', value: percent(kpis.trust) },
        { label: 'Timeline', value: `${kpis.timelineMonths} months` },
      ]
    : [];
  return { plan: planTitle ?? plan ?? null, services: services.map((service) => service.name), investment, lineItems, results };
}
