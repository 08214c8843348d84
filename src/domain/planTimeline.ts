/**
 * The project timeline on a client's dashboard (docs/product.md §3 Timeline phase, §9: five phases). A phase's status
 * follows from the months since the plan was bought: Completed once its window has passed, In Progress inside it,
 * Pending before it.
 */
export type PhaseStatus = 'Completed' | 'In Progress' | 'Pending';

export interface TimelinePhase {
  name: string;
  description: string;
  startMonth: number;
  durationMonths: number;
  tasks: readonly string[];
}

export interface PhaseProgress {
  name: string;
  description: string;
  status: PhaseStatus;
  startMonth: number;
  durationMonths: number;
  /** The phase's window as the page says it: "Month 1", "Month 4–5". */
  months: string;
  tasks: { name: string; completed: boolean }[];
}

export interface PlanTimeline {
  /** The day the timeline counts from, as the page says it: "1 January 2026". */
  startedOn: string;
  phases: PhaseProgress[];
}

export const timelinePhases: readonly TimelinePhase[] = [
  {
    name: 'Onboarding & Strategy',
    description: 'We learn your business, customers and goals, and agree the plan for the first quarter.',
    startMonth: 0,
    durationMonths: 1,
    tasks: ['Kick-off call with your account manager', 'Business and goals questionnaire', 'Growth strategy signed off'],
  },
  {
    name: 'Build & Setup',
    description: 'Your website, brand kit and Google Business Profile are built and connected to tracking.',
    startMonth: 1,
    durationMonths: 1,
    tasks: ['Website and landing pages built', 'Google Business Profile optimised', 'Analytics and lead tracking set up'],
  },
  {
    name: 'Launch',
    description: 'Everything goes live: the website, your first campaigns and the social calendar.',
    startMonth: 2,
    durationMonths: 1,
    tasks: ['Website live on your domain', 'First campaigns running', 'Social media calendar published'],
  },
  {
    name: 'Optimise',
    description: 'We test, measure and improve what brings the most leads for every rupee.',
    startMonth: 3,
    durationMonths: 2,
    tasks: ['Ad and landing page tests', 'Local SEO content each month', 'Monthly results review with you'],
  },
  {
    name: 'Scale',
    description: 'What works gets more budget and reach; new channels and automation come in.',
    startMonth: 5,
    durationMonths: 1,
    tasks: ['New channels and locations', 'Follow-up automation', 'Quarterly strategy review'],
  },
];

const MS_PER_MONTH = (365.25 / 12) * 24 * 60 * 60 * 1000;

export function monthsSince(start: Date, now: Date): number {
  return Math.max(0, (now.getTime() - start.getTime()) / MS_PER_MONTH);
}

/** "Month 1" for a one-month phase, "Month 4–5" for a longer one (months counted from 1). */
export function phaseMonths({ startMonth, durationMonths }: Pick<TimelinePhase, 'startMonth' | 'durationMonths'>): string {
  return `Month ${startMonth + 1}${durationMonths > 1 ? `–${startMonth + durationMonths}` : ''}`;
}

export function timelineProgress(purchasedAt: Date, now: Date, phases: readonly TimelinePhase[] = timelinePhases): PhaseProgress[] {
  const elapsed = monthsSince(purchasedAt, now);
  return phases.map((phase) => {
    const end = phase.startMonth + phase.durationMonths;
    const status: PhaseStatus = elapsed >= end ? 'Completed' : elapsed >= phase.startMonth ? 'In Progress' : 'Pending';
    // Inside a phase its tasks are ticked off in order as its window passes.
    const done =
      status === 'Completed'
        ? phase.tasks.length
        : status === 'In Progress'
          ? Math.floor(((elapsed - phase.startMonth) / phase.durationMonths) * phase.tasks.length)
          : 0;
    return {
      name: phase.name,
      description: phase.description,
      status,
      startMonth: phase.startMonth,
      durationMonths: phase.durationMonths,
      months: phaseMonths(phase),
      tasks: phase.tasks.map((name, index) => ({ name, completed: index < done })),
    };
  });
}

/**
 * A plan's timeline as its dashboard shows it at `now`. It counts from the purchase the server recorded; without one
 * it counts from `now`, so the first phase shows as just begun.
 */
export function planTimeline(purchasedAt: string | null, now: Date): PlanTimeline {
  const since = purchasedAt ? new Date(purchasedAt) : now;
  return {
    startedOn: since.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }),
    phases: timelineProgress(since, now),
  };
}
