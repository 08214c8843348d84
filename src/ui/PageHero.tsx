import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from './layout';
import { media } from './theme';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The top band of an inner page: eyebrow, the page's one h1, a lead and optional actions. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <Band>
      <Container>
        <Inner>
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <h1>{title}</h1>
          {lead && <Lead>{lead}</Lead>}
          {children && <Actions>{children}</Actions>}
        </Inner>
      </Container>
    </Band>
  );
}

const Band = styled.div`
  position: relative;
  overflow: hidden;
  padding: ${({ theme }) => theme.space(14)} 0 ${({ theme }) => theme.space(12)};
  background:
    radial-gradient(60rem 24rem at 85% -10%, rgba(29, 78, 216, 0.12), transparent 70%),
    radial-gradient(40rem 20rem at 0% 110%, rgba(249, 115, 22, 0.08), transparent 70%), ${({ theme }) => theme.color.surfaceAlt};
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
  ${media.md} {
    padding: ${({ theme }) => theme.space(20)} 0 ${({ theme }) => theme.space(16)};
  }
`;

const Inner = styled.div`
  max-width: 760px;
  margin: 0 auto;
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.size['3xl']};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['4xl']};
    }
  }
`;

const Eyebrow = styled.p`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: 0.3rem 0.9rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.brandLine};
  color: ${({ theme }) => theme.color.brandDark};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 700;
`;

const Lead = styled.p`
  margin-top: ${({ theme }) => theme.space(5)};
  font-size: ${({ theme }) => theme.size.md};
  color: ${({ theme }) => theme.color.muted};
  ${media.md} {
    font-size: ${({ theme }) => theme.size.lg};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(8)};
`;
