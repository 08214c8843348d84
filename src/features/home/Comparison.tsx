import styled from 'styled-components';
import { Check, X } from 'lucide-react';
import { Container, Section, SectionHeader } from '../../ui/layout';
import { media } from '../../ui/theme';
import { comparison } from '../../content/process';

/** Us against a traditional agency, as a real table so screen readers read it row by row. */
export function Comparison() {
  return (
    <Section aria-labelledby="compare-title">
      <Container>
        <SectionHeader
          id="compare-title"
          eyebrow="Why GrowthPath"
          title="A growth partner, not another agency invoice"
          lead="What changes when your marketing runs on a plan instead of a quote."
        />
        <TableWrap>
          <Table>
            <caption className="visually-hidden">GrowthPath compared with a traditional agency</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">What you get</span>
                </th>
                <UsHead scope="col">{comparison.us}</UsHead>
                <th scope="col">{comparison.them}</th>
              </tr>
            </thead>
            <tbody>
              {comparison.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <UsCell>
                    <Check aria-hidden="true" size={18} />
                    <span className="visually-hidden">{comparison.us}: </span>
                    {row.us}
                  </UsCell>
                  <ThemCell>
                    <X aria-hidden="true" size={18} />
                    <span className="visually-hidden">{comparison.them}: </span>
                    {row.them}
                  </ThemCell>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      </Container>
    </Section>
  );
}

const TableWrap = styled.div`
  max-width: 960px;
  margin: 0 auto;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  box-shadow: ${({ theme }) => theme.shadow.md};
  overflow: hidden;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.size.sm};
  th,
  td {
    padding: ${({ theme }) => theme.space(4)};
    text-align: left;
    vertical-align: top;
  }
  thead th {
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size.base};
    background: ${({ theme }) => theme.color.surfaceAlt};
    color: ${({ theme }) => theme.color.ink};
  }
  tbody tr + tr {
    border-top: 1px solid ${({ theme }) => theme.color.line};
  }
  tbody th {
    color: ${({ theme }) => theme.color.ink};
    font-weight: 700;
    width: 28%;
  }
  td svg {
    display: inline-block;
    vertical-align: -4px;
    margin-right: 6px;
  }
  /* A wrapped line starts under the text, not under the icon: the first line hangs out by the icon and its gap
     (18 + 6 px) from a padding of 16 + 24 px. */
  td {
    padding-left: 40px;
    text-indent: -24px;
  }

  /* Phones: each row becomes a card with the label on top. */
  @media (max-width: 639px) {
    thead {
      display: none;
    }
    tbody tr {
      display: grid;
      padding: ${({ theme }) => theme.space(4)};
      gap: ${({ theme }) => theme.space(2)};
    }
    th,
    td {
      padding: 0;
    }
    td {
      padding-left: 24px;
    }
    tbody th {
      width: auto;
    }
  }
  ${media.md} {
    font-size: ${({ theme }) => theme.size.base};
  }
`;

const UsHead = styled.th`
  && {
    background: ${({ theme }) => theme.color.brand};
    color: #fff;
  }
`;

const UsCell = styled.td`
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.ink};
  font-weight: 600;
  svg {
    color: ${({ theme }) => theme.color.success};
  }
  @media (max-width: 639px) {
    background: none;
  }
`;

const ThemCell = styled.td`
  color: ${({ theme }) => theme.color.muted};
  svg {
    color: ${({ theme }) => theme.color.danger};
  }
`;
