import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TestimonialCarousel } from '../../src/ui/TestimonialCarousel';
import { testimonials } from '../../src/content/testimonials';
import { renderWithApp } from '../render';

/** The author of the one slide a person can see (hidden slides are left out of the accessibility tree). */
function visibleAuthor() {
  const slides = screen.getAllByRole('group', { name: /of 3$/ });
  expect(slides).toHaveLength(1);
  return within(slides[0]!).getByText(/^(Priya Sharma|Dr\. Rahul Mehta|Ananya Iyer)$/).textContent;
}

describe('Testimonial carousel', () => {
  it('shows one testimonial at a time, starting with the first', () => {
    renderWithApp(<TestimonialCarousel testimonials={testimonials} />);
    expect(visibleAuthor()).toBe('Priya Sharma');
    expect(screen.getByRole('button', { name: 'Show testimonial 1' })).toHaveAttribute('aria-current', 'true');
  });

  it('moves with next and previous and wraps around at both ends', async () => {
    const { user } = renderWithApp(<TestimonialCarousel testimonials={testimonials} />);
    const next = screen.getByRole('button', { name: 'Next testimonial' });
    const previous = screen.getByRole('button', { name: 'Previous testimonial' });

    await user.click(previous);
    expect(visibleAuthor()).toBe('Ananya Iyer');
    await user.click(next);
    expect(visibleAuthor()).toBe('Priya Sharma');
    await user.click(next);
    await user.click(next);
    expect(visibleAuthor()).toBe('Ananya Iyer');
    await user.click(next);
    expect(visibleAuthor()).toBe('Priya Sharma');
  });

  it('jumps to a slide from its dot and marks that dot current', async () => {
    const { user } = renderWithApp(<TestimonialCarousel testimonials={testimonials} />);
    await user.click(screen.getByRole('button', { name: 'Show testimonial 2' }));
    expect(visibleAuthor()).toBe('Dr. Rahul Mehta');
    expect(screen.getByRole('button', { name: 'Show testimonial 2' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show testimonial 1' })).not.toHaveAttribute('aria-current');
  });
});
