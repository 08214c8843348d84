import { Link } from 'react-router';
import styled from 'styled-components';
import { ArrowRight } from 'lucide-react';
import type { ProcessStep } from '../content/process';
import { media } from './theme';

/** The four numbered steps of how we work, connected by a line on wide screens. */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <List>
      {steps.map((step) => (
        <Step key={step.number}>
          <Number aria-hidden="true">{step.number}</Number>
          <h3>
            <span className="visually-hidden">Step {step.number}: </span>
            {step.title}
          </h3>
          <p>{step.description}</p>
          {step.link && (
            <StepLink to={step.link.to}>
              {step.link.label} <ArrowRight aria-hidden="true" size={16} />
            </StepLink>
          )}
        </Step>
      ))}
    </List>
  );
}

const List = styled.ol`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  counter-reset: step;
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.lg} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Step = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  h3 {
    font-size: ${({ theme }) => theme.size.lg};
  }
  p {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.sm};
  }
`;

const Number = styled.span`
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 50%;
  background: linear-gradient(135deg, ${({ theme }) => theme.color.brand}, ${({ theme }) => theme.color.brandDark});
  color: #fff;
  font-family: ${({ theme }) => theme.font.display};
  font-weight: 800;
  font-size: ${({ theme }) => theme.size.lg};
  box-shadow: 0 8px 16px -6px rgba(29, 78, 216, 0.5);
`;

const StepLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: auto;
  font-weight: 700;
  font-size: ${({ theme }) => theme.size.sm};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;
