import styled from 'styled-components';
import { media } from '../../ui/theme';

export const CaseStudyGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

export const MoreLink = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(10)};
`;
