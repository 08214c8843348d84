import styled, { css } from 'styled-components';
import type { ReactNode } from 'react';
import { media } from './theme';

export const Container = styled.div<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ theme, $narrow }) => ($narrow ? theme.width.prose : theme.width.page)};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(5)};
  ${media.md} {
    padding: 0 ${({ theme }) => theme.space(8)};
  }
`;

export type SectionTone = 'plain' | 'alt' | 'brand' | 'night';

export const Section = styled.section<{ $tone?: SectionTone; $tight?: boolean }>`
  padding: ${({ theme, $tight }) => theme.space($tight ? 10 : 16)} 0;
  ${media.md} {
    padding: ${({ theme, $tight }) => theme.space($tight ? 14 : 24)} 0;
  }
  ${({ theme, $tone = 'plain' }) => {
    switch ($tone) {
      case 'alt':
        return css`
          background: ${theme.color.surfaceAlt};
        `;
      case 'brand':
        return css`
          background: ${theme.color.brandSoft};
        `;
      case 'night':
        return css`
          background: ${theme.color.night};
          color: ${theme.color.nightText};
          h2,
          h3 {
            color: #fff;
          }
        `;
      default:
        return css`
          background: ${theme.color.surface};
        `;
    }
  }}
`;

export const Eyebrow = styled.p`
  display: inline-block;
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.brand};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const HeaderWrap = styled.header<{ $center: boolean }>`
  max-width: 760px;
  margin: 0 ${({ $center }) => ($center ? 'auto' : '0')} ${({ theme }) => theme.space(10)};
  text-align: ${({ $center }) => ($center ? 'center' : 'left')};
  ${media.md} {
    margin-bottom: ${({ theme }) => theme.space(14)};
  }
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.size['2xl']};
  ${media.md} {
    font-size: ${({ theme }) => theme.size['3xl']};
  }
`;

export const Lead = styled.p`
  margin-top: ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.size.md};
  color: ${({ theme }) => theme.color.muted};
`;

interface SectionHeaderProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  center?: boolean;
  id?: string;
}

/** The eyebrow, h2 and lead that open each section; the h2 id lets the section be labelled by it. */
export function SectionHeader({ eyebrow, title, lead, center = true, id }: SectionHeaderProps) {
  return (
    <HeaderWrap $center={center}>
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <SectionTitle id={id}>{title}</SectionTitle>
      {lead && <Lead>{lead}</Lead>}
    </HeaderWrap>
  );
}

export const Grid = styled.div<{ $min?: string; $gap?: number }>`
  display: grid;
  gap: ${({ theme, $gap = 6 }) => theme.space($gap)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min = '280px' }) => $min}), 1fr));
`;

export const Card = styled.div`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space(6)};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  ${media.md} {
    padding: ${({ theme }) => theme.space(8)};
  }
`;
