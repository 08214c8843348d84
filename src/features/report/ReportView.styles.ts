import { Spinner as BaseSpinner } from '../../ui/Spinner';
import styled, { createGlobalStyle, css } from 'styled-components';
import { Link } from 'react-router';
import { media } from '../../ui/theme';
import { FormAlert } from '../../ui/form';

/**
 * The browser's own Print: only the report, on A4 portrait, with no site header, footer, chat or buttons, and no
 * card or row split across pages. `html.pdf-export` is the same clean-up inside html2canvas's copy of the page.
 */
export const ReportPrintStyle = createGlobalStyle`
  @media print {
    @page { size: A4 portrait; margin: 14mm 12mm; }
    html, body { background: #fff !important; }
    #root > :not(main) { display: none !important; }
    main > section { padding: 0 !important; }
    [data-pdf-hide] { display: none !important; }
    [data-pdf-keep], li, tr, h2, h3, p { break-inside: avoid; }
    h1, h2, h3 { break-after: avoid; }
    [data-report] * { box-shadow: none !important; }
    [data-report] { border: 0 !important; padding: 0 !important; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  }
  html.pdf-export [data-pdf-hide] { display: none !important; }
  html.pdf-export [data-report] { border: 0; box-shadow: none; padding: 8px 4px; }
`;

export const Spinner = styled(BaseSpinner).attrs({ $size: '1.5rem' })``;

export const Loading = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 50vh;
  font-weight: 600;
  color: ${({ theme }) => theme.color.ink};
`;

/** A card on wider screens; on a phone the report runs on the page itself, so the boxes inside it keep their width. */
export const Document = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  max-width: 960px;
  margin: 0 auto;
  background: ${({ theme }) => theme.color.surface};
  ${media.md} {
    padding: ${({ theme }) => theme.space(10)};
    border-radius: ${({ theme }) => theme.radius.lg};
    border: 1px solid ${({ theme }) => theme.color.line};
    box-shadow: ${({ theme }) => theme.shadow.lg};
  }
`;

export const Masthead = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding-bottom: ${({ theme }) => theme.space(6)};
  border-bottom: 1px solid ${({ theme }) => theme.color.line};
  h1 {
    font-size: ${({ theme }) => theme.size['2xl']};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['3xl']};
    }
  }
`;

export const MastheadTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

export const Dated = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
  svg {
    flex: none;
  }
`;

export const Eyebrow = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.brand};
`;

export const For = styled.p`
  font-family: ${({ theme }) => theme.font.display};
  font-size: ${({ theme }) => theme.size.lg};
  font-weight: 700;
  color: ${({ theme }) => theme.color.brandDark};
`;

export const Greeting = styled.p`
  margin-top: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.size.md};
  strong {
    color: ${({ theme }) => theme.color.ink};
  }
`;

export const TwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const Block = styled.section`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(4)};
`;

export const BlockTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.xl};
  svg {
    flex: none;
    color: ${({ theme }) => theme.color.brand};
  }
`;

export const SubTitle = styled.h3`
  margin-top: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.lg};
`;

export const Label = styled.p`
  font-size: ${({ theme }) => theme.size.xs};
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.muted};
`;

export const Bullets = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  list-style: none;
  li {
    position: relative;
    padding-left: ${({ theme }) => theme.space(6)};
  }
  li::before {
    content: '';
    position: absolute;
    left: 0.35rem;
    top: 0.6em;
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.accent};
  }
`;

export const Facts = styled.p`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  font-size: ${({ theme }) => theme.size.sm};
  span {
    font-weight: 700;
    color: ${({ theme }) => theme.color.ink};
  }
`;

export const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    padding: 0.35rem 0.8rem;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.brandSoft};
    color: ${({ theme }) => theme.color.brandInk};
    font-size: ${({ theme }) => theme.size.sm};
    font-weight: 600;
  }
  svg {
    flex: none;
  }
`;

export const Pairs = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  div {
    display: grid;
    gap: 0.1rem;
  }
  dt {
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    color: ${({ theme }) => theme.color.ink};
  }
`;

export const PlanSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 2px solid ${({ theme }) => theme.color.brandLine};
  background: linear-gradient(180deg, ${({ theme }) => theme.color.brandSoft}, ${({ theme }) => theme.color.surface} 240px);
  ${media.md} {
    padding: ${({ theme }) => theme.space(8)};
  }
`;

export const PlanHeader = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  h2 {
    font-size: ${({ theme }) => theme.size['3xl']};
    color: ${({ theme }) => theme.color.brandDark};
  }
  p {
    font-weight: 600;
    color: ${({ theme }) => theme.color.ink};
  }
  .lead {
    font-weight: 400;
    color: ${({ theme }) => theme.color.muted};
  }
`;

export const Services = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  list-style: none;
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    padding-top: ${({ theme }) => theme.space(3)};
    border-top: 1px solid ${({ theme }) => theme.color.brandLine};
  }
  /* A phone lists the services as rows inside the plan's box; wider screens set them out as cards. */
  ${media.md} {
    grid-template-columns: 1fr 1fr;
    li {
      padding: ${({ theme }) => theme.space(4)};
      border-radius: ${({ theme }) => theme.radius.md};
      border: 1px solid ${({ theme }) => theme.color.line};
      background: ${({ theme }) => theme.color.surface};
    }
  }
  h3 {
    font-size: ${({ theme }) => theme.size.base};
  }
  h3 span {
    font-weight: 600;
    color: ${({ theme }) => theme.color.brand};
  }
  p {
    margin-top: ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.muted};
  }
`;

export const Tick = styled.span`
  flex: none;
  display: grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.successSoft};
  color: ${({ theme }) => theme.color.success};
`;

export const Boxes = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  ${media.md} {
    grid-template-columns: 1fr 1fr 1.4fr;
  }
`;

export const Box = styled.div<{ $muted?: boolean }>`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.line};
  ${({ $muted, theme }) =>
    $muted
      ? css`
          background: ${theme.color.accentSoft};
          border-color: #fed7aa;
        `
      : css`
          background: ${theme.color.surfaceAlt};
        `}
  small {
    color: ${({ theme }) => theme.color.muted};
  }
  strong {
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size['2xl']};
    color: ${({ theme }) => theme.color.ink};
    line-height: 1.2;
  }
  strong span {
    font-size: ${({ theme }) => theme.size.base};
    font-weight: 600;
    color: ${({ theme }) => theme.color.muted};
  }
  p {
    font-size: ${({ theme }) => theme.size.sm};
    color: ${({ theme }) => theme.color.text};
  }
`;

export const Note = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.brandInk};
`;

export const Muted = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.size.sm};
  th,
  td {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.color.line};
  }
  thead th {
    text-align: right;
    font-size: ${({ theme }) => theme.size.xs};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.muted};
  }
  tbody th {
    text-align: left;
    font-weight: 500;
  }
  td {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  tfoot th,
  tfoot td {
    border-bottom: 0;
    font-weight: 800;
    color: ${({ theme }) => theme.color.ink};
  }
  tfoot th {
    text-align: left;
  }
`;

export const Kpis = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  ${media.sm} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

export const Kpi = styled.div<{ $off: boolean }>`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $off }) => ($off ? theme.color.surfaceAlt : theme.color.successSoft)};
  border: 1px solid ${({ theme, $off }) => ($off ? theme.color.line : '#bbf7d0')};
  strong {
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size['2xl']};
    color: ${({ theme, $off }) => ($off ? theme.color.muted : theme.color.success)};
    line-height: 1.2;
  }
  /* Not a figure but where the result comes: smaller, so it does not read as a missing number. */
  ${({ $off, theme }) => $off && `strong { font-size: ${theme.size.lg}; }`}
  span {
    font-weight: 700;
    color: ${({ theme }) => theme.color.ink};
  }
  small {
    color: ${({ theme }) => theme.color.muted};
  }
`;

export const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  list-style: none;
  li {
    display: flex;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space(3)};
  }
`;

export const StepNumber = styled.svg`
  flex: none;
  circle {
    fill: ${({ theme }) => theme.color.brand};
  }
  text {
    fill: #fff;
    font-family: ${({ theme }) => theme.font.body};
    font-size: 13px;
    font-weight: 700;
  }
`;

export const Contact = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  color: ${({ theme }) => theme.color.brandDark};
  svg {
    flex: none;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.color.line};
  > a,
  > button {
    flex: 1 1 14rem;
  }
  ${media.md} {
    > a,
    > button {
      flex: 0 1 auto;
    }
  }
`;

export const PdfFailure = styled(FormAlert)`
  flex-basis: 100%;
`;

export const EditLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 2.75rem;
  font-weight: 600;
  svg {
    flex: none;
  }
`;

export const DocumentFooter = styled.p`
  font-size: ${({ theme }) => theme.size.xs};
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
`;
