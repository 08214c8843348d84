import styled from 'styled-components';

interface FilterChipsProps {
  label: string;
  options: readonly string[];
  selected: string;
  onSelect: (option: string) => void;
}

/** A row of toggle buttons of which exactly one is pressed. */
export function FilterChips({ label, options, selected, onSelect }: FilterChipsProps) {
  return (
    <Row role="group" aria-label={label}>
      {options.map((option) => (
        <Chip key={option} type="button" aria-pressed={option === selected} onClick={() => onSelect(option)}>
          {option}
        </Chip>
      ))}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: center;
`;

const Chip = styled.button`
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  font-size: ${({ theme }) => theme.size.sm};
  transition:
    background-color 0.15s ease,
    color 0.15s ease,
    border-color 0.15s ease;
  &:hover {
    border-color: ${({ theme }) => theme.color.brand};
  }
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.brand};
    border-color: ${({ theme }) => theme.color.brand};
    color: #fff;
  }
`;
