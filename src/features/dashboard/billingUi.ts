import styled from 'styled-components';
import { media } from '../../ui/theme';

/** The pieces the Billing section's cards are built of (BillingSection.tsx, MonthlyOffer.tsx). */
export const Card = styled.div`
  display: grid;
  min-width: 0;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.color.line};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  ${media.md} {
    padding: ${({ theme }) => theme.space(6)};
  }
  h3 {
    font-size: ${({ theme }) => theme.size.md};
  }
`;

export const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  margin: 0;
  ${media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  dt {
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.muted};
  }
  dd {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    font-weight: 700;
    color: ${({ theme }) => theme.color.ink};
  }
`;

export const Quiet = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  color: ${({ theme }) => theme.color.muted};
  svg {
    flex: none;
  }
`;

export const Confirm = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.accentSoft};
  p {
    color: ${({ theme }) => theme.color.text};
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
`;
