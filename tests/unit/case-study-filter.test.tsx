import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CaseStudiesPage } from '../../src/features/case-studies/CaseStudiesPage';
import { caseStudies } from '../../src/content/caseStudies';
import { renderWithApp } from '../render';

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('Case study filter chips', () => {
  it("offers 'All' plus one chip per service, with 'All' pressed first and every study shown", () => {
    renderWithApp(<CaseStudiesPage />);
    const group = screen.getByRole('group', { name: 'Filter case studies by service' });
    const chips = Array.from(group.querySelectorAll('button')).map((chip) => chip.textContent);
    expect(chips).toEqual([
      'All',
      'Web Development',
      'Brand Design',
      'Digital Marketing',
      'Social Media',
      'Sales Funnel',
      'AI Agent Services',
    ]);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardTitles()).toHaveLength(caseStudies.length);
  });

  it('shows only the chosen service and links each card to its detail page', async () => {
    const { user } = renderWithApp(<CaseStudiesPage />);
    await user.click(screen.getByRole('button', { name: 'Web Development' }));
    expect(screen.getByRole('button', { name: 'Web Development' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(cardTitles()).toEqual([
      'E-commerce Platform for a Family Textile Business',
      'Online Ordering and Table Booking for a Restaurant',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 case studies in Web Development');
    expect(screen.getByRole('link', { name: 'Online Ordering and Table Booking for a Restaurant' })).toHaveAttribute(
      'href',
      '/case-studies/restaurant-management-system',
    );

    await user.click(screen.getByRole('button', { name: 'AI Agent Services' }));
    expect(cardTitles()).toEqual(['AI Support Agent for an Electronics Retailer']);
    expect(screen.getByRole('status')).toHaveTextContent('1 case study in AI Agent Services');

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(cardTitles()).toHaveLength(7);
  });
  it("fetches the first card's cover at once, the page's largest paint, and the others when near the screen", async () => {
    const { user } = renderWithApp(<CaseStudiesPage />);
    const covers = () => Array.from(document.querySelectorAll('article img'));
    const [first, ...rest] = covers();
    expect(first).toHaveAttribute('loading', 'eager');
    expect(rest.length).toBeGreaterThan(0);
    for (const cover of rest) expect(cover).toHaveAttribute('loading', 'lazy');
    // A filter puts another study first: its cover is then the one on the first screen.
    await user.click(screen.getByRole('button', { name: 'AI Agent Services' }));
    expect(covers()).toHaveLength(1);
    expect(covers()[0]).toHaveAttribute('loading', 'eager');
  });
});
