import { describe, expect, it } from 'vitest';
import { monthsSince, phaseMonths, planTimeline, timelinePhases, timelineProgress } from '../../src/domain/planTimeline';

/** The dashboard's project timeline (docs/product.md §3, §9): where a client's plan stands, from when it was bought. */

const day = 24 * 60 * 60 * 1000;
// Local noon: the page says the day in the browser's time zone.
const bought = new Date(2026, 0, 15, 12);
const at = (days: number) => new Date(bought.getTime() + days * day);
const statuses = (now: Date) => timelineProgress(bought, now).map((phase) => phase.status);

describe('the project timeline', () => {
  it('has five phases, back to back from the first month (docs/product.md §9)', () => {
    expect(timelinePhases).toHaveLength(5);
    timelinePhases.forEach((phase, index) => {
      const previous = timelinePhases[index - 1];
      expect(phase.startMonth).toBe(previous ? previous.startMonth + previous.durationMonths : 0);
    });
  });

  it('starts with the first phase in progress and nothing ticked', () => {
    const phases = timelineProgress(bought, at(0));
    expect(phases.map((phase) => phase.status)).toEqual(['In Progress', 'Pending', 'Pending', 'Pending', 'Pending']);
    expect(phases.flatMap((phase) => phase.tasks).every((task) => !task.completed)).toBe(true);
  });

  it('moves on as the months pass, ticking tasks inside the current phase in order', () => {
    const phases = timelineProgress(bought, at(76)); // two and a half months
    expect(phases.map((phase) => phase.status)).toEqual(['Completed', 'Completed', 'In Progress', 'Pending', 'Pending']);
    expect(phases[0]!.tasks.every((task) => task.completed)).toBe(true);
    expect(phases[2]!.tasks.map((task) => task.completed)).toEqual([true, false, false]);
    expect(phases[3]!.tasks.some((task) => task.completed)).toBe(false);
  });

  it('completes a phase the moment its window ends, and starts the next one then', () => {
    const oneMonth = new Date(bought.getTime() + monthsToMs(1));
    expect(statuses(new Date(oneMonth.getTime() - 1))).toEqual(['In Progress', 'Pending', 'Pending', 'Pending', 'Pending']);
    expect(statuses(oneMonth)).toEqual(['Completed', 'In Progress', 'Pending', 'Pending', 'Pending']);
  });

  it('ticks a two-month phase’s tasks over both of its months', () => {
    const optimise = (months: number) => timelineProgress(bought, new Date(bought.getTime() + monthsToMs(months)))[3]!;
    expect(optimise(3).tasks.map((task) => task.completed)).toEqual([false, false, false]);
    expect(optimise(3.7).tasks.map((task) => task.completed)).toEqual([true, false, false]);
    expect(optimise(4.4).tasks.map((task) => task.completed)).toEqual([true, true, false]);
    expect(optimise(4.9).status).toBe('In Progress');
    expect(optimise(5).status).toBe('Completed');
    expect(optimise(5).tasks.map((task) => task.completed)).toEqual([true, true, true]);
  });

  it('shows every phase completed once the last window has passed', () => {
    expect(statuses(at(400))).toEqual(['Completed', 'Completed', 'Completed', 'Completed', 'Completed']);
    expect(timelineProgress(bought, at(400)).every((phase) => phase.tasks.every((task) => task.completed))).toBe(true);
  });

  it('never counts a purchase in the future as progress', () => {
    expect(monthsSince(bought, at(-30))).toBe(0);
    expect(statuses(at(-30))).toEqual(['In Progress', 'Pending', 'Pending', 'Pending', 'Pending']);
  });

  it('says each phase’s months, counted from 1', () => {
    expect(phaseMonths({ startMonth: 0, durationMonths: 1 })).toBe('Month 1');
    expect(phaseMonths({ startMonth: 3, durationMonths: 2 })).toBe('Month 4–5');
    expect(timelineProgress(bought, at(0)).map((phase) => phase.months)).toEqual(['Month 1', 'Month 2', 'Month 3', 'Month 4–5', 'Month 6']);
  });
});

describe('a plan’s timeline on the dashboard', () => {
  it('counts from the purchase the server recorded, and says its day', () => {
    const timeline = planTimeline(bought.toISOString(), at(76));
    expect(timeline.startedOn).toBe('15 January 2026');
    expect(timeline.phases).toEqual(timelineProgress(bought, at(76)));
  });

  it('without a recorded purchase, counts from now: today’s date and the first phase just begun', () => {
    const now = new Date(2026, 2, 10, 12);
    const timeline = planTimeline(null, now);
    expect(timeline.startedOn).toBe('10 March 2026');
    expect(timeline.phases).toEqual(timelineProgress(now, now));
    expect(timeline.phases[0]!.status).toBe('In Progress');
  });
});

function monthsToMs(months: number): number {
  return months * (365.25 / 12) * day;
}
