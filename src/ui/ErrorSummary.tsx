import { useId, type Ref } from 'react';
import styled from 'styled-components';
import { CircleAlert } from 'lucide-react';

export interface SummaryError {
  /** The id of the field the message is about; its link moves focus there. */
  fieldId: string;
  message: string;
}

interface ErrorSummaryProps {
  errors: readonly SummaryError[];
  /** The form focuses the summary when a submit finds errors (docs/decisions/131-error-summary-focus.md). */
  ref?: Ref<HTMLDivElement>;
  title?: string;
}

/**
 * What a submitted form found wrong, all in one place at its top, each message a button that takes focus to its
 * field. Buttons, not `#id` links: the site's hash router would read a fragment link as a route.
 */
export function ErrorSummary({ errors, ref, title = 'Please correct the following:' }: ErrorSummaryProps) {
  const titleId = useId();
  if (errors.length === 0) return null;
  return (
    <Box ref={ref} tabIndex={-1} role="group" aria-labelledby={titleId}>
      <Title id={titleId}>
        <CircleAlert aria-hidden="true" size={18} /> {title}
      </Title>
      <ul>
        {errors.map((error) => (
          <li key={error.fieldId}>
            <FieldLink type="button" onClick={() => document.getElementById(error.fieldId)?.focus()}>
              {error.message}
            </FieldLink>
          </li>
        ))}
      </ul>
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid ${({ theme }) => theme.color.danger};
  background: ${({ theme }) => theme.color.dangerSoft};
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
  }
  &:focus-visible,
  &:focus {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const Title = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 700;
  color: ${({ theme }) => theme.color.ink};
  svg {
    color: ${({ theme }) => theme.color.danger};
    flex: none;
  }
`;

const FieldLink = styled.button`
  /* A button is an inline block, whose baseline is its last line: top-aligned, a wrapped message keeps its bullet by its first line. */
  vertical-align: top;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  text-align: left;
  color: ${({ theme }) => theme.color.danger};
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
  &:hover {
    text-decoration-thickness: 2px;
  }
`;
