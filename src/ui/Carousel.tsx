import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ChevronLeft, ChevronRight } from 'lucide-react';

interface CarouselProps<T> {
  items: readonly T[];
  /** Names one slide for its dot and its announcement, e.g. "testimonial". */
  itemLabel: string;
  label: string;
  renderItem: (item: T) => ReactNode;
}

/**
 * Shows one slide at a time with Previous, Next and one dot per slide; both arrows wrap around.
 * It never advances by itself, so nothing moves while someone reads (WCAG 2.2.2).
 */
export function Carousel<T>({ items, itemLabel, label, renderItem }: CarouselProps<T>) {
  const [current, setCurrent] = useState(0);
  const slidesId = useId();
  const count = items.length;
  const go = (index: number) => setCurrent(((index % count) + count) % count);

  return (
    <Root aria-roledescription="carousel" aria-label={label}>
      <Viewport id={slidesId} aria-live="polite">
        {items.map((item, index) => (
          <Slide key={index} role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} hidden={index !== current}>
            {renderItem(item)}
          </Slide>
        ))}
      </Viewport>
      <Controls>
        <Arrow type="button" aria-controls={slidesId} aria-label={`Previous ${itemLabel}`} onClick={() => go(current - 1)}>
          <ChevronLeft aria-hidden="true" size={20} />
        </Arrow>
        <Dots>
          {items.map((_, index) => (
            <Dot
              key={index}
              type="button"
              aria-controls={slidesId}
              aria-label={`Show ${itemLabel} ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              $active={index === current}
              onClick={() => go(index)}
            />
          ))}
        </Dots>
        <Arrow type="button" aria-controls={slidesId} aria-label={`Next ${itemLabel}`} onClick={() => go(current + 1)}>
          <ChevronRight aria-hidden="true" size={20} />
        </Arrow>
      </Controls>
    </Root>
  );
}

const Root = styled.section`
  max-width: 820px;
  margin: 0 auto;
`;

const Viewport = styled.div`
  position: relative;
`;

const Slide = styled.div`
  animation: carousel-fade 0.35s ease;
  @keyframes carousel-fade {
    from {
      opacity: 0;
      transform: translateX(12px);
    }
    to {
      opacity: 1;
      transform: none;
    }
  }
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(8)};
`;

const Arrow = styled.button`
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.ink};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  &:hover {
    border-color: ${({ theme }) => theme.color.brand};
    color: ${({ theme }) => theme.color.brand};
  }
`;

const Dots = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
`;

/** The visible dot is small; the button around it is 24px so it stays easy to hit. */
const Dot = styled.button<{ $active: boolean }>`
  width: 1.5rem;
  height: 1.5rem;
  padding: 0;
  border: 0;
  background: none;
  display: grid;
  place-items: center;
  &::after {
    content: '';
    width: ${({ $active }) => ($active ? '1.25rem' : '0.5rem')};
    height: 0.5rem;
    border-radius: 999px;
    background: ${({ theme, $active }) => ($active ? theme.color.brand : theme.color.muted)};
    transition: width 0.2s ease;
  }
`;
