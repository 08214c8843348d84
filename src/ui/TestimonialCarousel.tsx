import styled from 'styled-components';
import { Quote, Star } from 'lucide-react';
import type { Testimonial } from '../content/testimonials';
import { Carousel } from './Carousel';

export function TestimonialCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <Carousel
      items={testimonials}
      label="Client testimonials"
      itemLabel="testimonial"
      renderItem={(testimonial) => (
        <Figure>
          <Quote aria-hidden="true" size={36} />
          <Stars role="img" aria-label="Rated 5 out of 5">
            {Array.from({ length: 5 }, (_, index) => (
              <Star key={index} aria-hidden="true" size={18} fill="currentColor" />
            ))}
          </Stars>
          <blockquote>
            <p>{testimonial.quote}</p>
          </blockquote>
          <figcaption>
            <img src={testimonial.image} alt="" width={56} height={56} loading="lazy" decoding="async" />
            <span>
              <strong>{testimonial.author}</strong>
              <span>{testimonial.company}</span>
            </span>
          </figcaption>
        </Figure>
      )}
    />
  );
}

const Figure = styled.figure`
  margin: 0;
  padding: ${({ theme }) => theme.space(8)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.md};
  text-align: center;
  > svg {
    margin: 0 auto;
    color: ${({ theme }) => theme.color.brandLine};
  }
  blockquote {
    margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(6)};
  }
  blockquote p {
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size.lg};
    line-height: 1.5;
    color: ${({ theme }) => theme.color.ink};
  }
  figcaption {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    text-align: left;
  }
  figcaption img {
    border-radius: 50%;
  }
  figcaption span {
    display: grid;
  }
  figcaption span span {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.sm};
  }
`;

const Stars = styled.div`
  display: flex;
  justify-content: center;
  gap: 2px;
  margin-top: ${({ theme }) => theme.space(3)};
  color: #b45309;
`;
