import styled, { css } from 'styled-components';
import { media } from '../../ui/theme';
import type { BadgeTone } from './format';

/** The inbox's shared pieces of style: badges, panels and definition lists. */

const tones: Record<BadgeTone, { ink: string; bg: string; line: string }> = {
  good: { ink: '#166534', bg: '#f0fdf4', line: '#bbf7d0' },
  warn: { ink: '#9a3412', bg: '#fff7ed', line: '#fed7aa' },
  bad: { ink: '#b91c1c', bg: '#fef2f2', line: '#fecaca' },
  neutral: { ink: '#334155', bg: '#f1f5f9', line: '#e2e8f0' },
};

/** Badges side by side, wrapping onto a second line with the same gap (a status beside a refund and a dispute). */
export const Flags = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 0.3rem;
  && > span {
    margin-left: 0;
  }
`;

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  padding: 0.15rem 0.6rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.size.xs};
  font-weight: 700;
  line-height: 1.5;
  white-space: nowrap;
  ${({ $tone = 'neutral' }) => css`
    color: ${tones[$tone].ink};
    background: ${tones[$tone].bg};
    border: 1px solid ${tones[$tone].line};
  `}
`;

export const Panel = styled.div`
  border: 1px solid ${({ theme }) => theme.color.line};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
`;

export const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  /* One label width for every list in the drawer, so the figures of consecutive lists line up. */
  ${media.sm} {
    grid-template-columns: 13rem 1fr;
    column-gap: ${({ theme }) => theme.space(5)};
  }
  dt {
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.size.sm};
    font-weight: 600;
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.color.ink};
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  dd + dt {
    margin-top: ${({ theme }) => theme.space(1)};
    ${media.sm} {
      margin-top: 0;
    }
  }
`;

export const Mono = styled.code`
  font-size: ${({ theme }) => theme.size.sm};
  overflow-wrap: anywhere;
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.color.muted};
`;

export const Problem = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
  overflow-wrap: anywhere;
`;
