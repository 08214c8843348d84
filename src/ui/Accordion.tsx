import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { ChevronDown } from 'lucide-react';

export interface AccordionItem {
  question: string;
  answer: ReactNode;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** Index open at first; null for all closed. */
  defaultOpen?: number | null;
  headingLevel?: 'h3' | 'h4';
}

/**
 * One item open at a time (docs/product.md §2). Follows the WAI-ARIA accordion pattern: each header is a button in a
 * heading with aria-expanded/aria-controls; Up/Down/Home/End move focus between headers.
 */
export function Accordion({ items, defaultOpen = 0, headingLevel = 'h3' }: AccordionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(defaultOpen);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = headingLevel;

  function moveFocus(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <List>
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <Item key={item.question} $open={open}>
            <Heading>
              <Trigger
                ref={(node) => {
                  buttons.current[index] = node;
                }}
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <span>{item.question}</span>
                <Chevron aria-hidden="true" $open={open} size={20} />
              </Trigger>
            </Heading>
            <Panel id={panelId} role="region" aria-labelledby={buttonId} hidden={!open}>
              {item.answer}
            </Panel>
          </Item>
        );
      })}
    </List>
  );
}

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Item = styled.div<{ $open: boolean }>`
  border: 1px solid ${({ theme, $open }) => ($open ? theme.color.brandLine : theme.color.line)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme, $open }) => ($open ? theme.shadow.md : 'none')};
  transition:
    box-shadow 0.2s ease,
    border-color 0.2s ease;
  h3,
  h4 {
    font-size: ${({ theme }) => theme.size.base};
  }
`;

const Trigger = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
  border: 0;
  background: none;
  text-align: left;
  font-family: ${({ theme }) => theme.font.display};
  font-weight: 700;
  font-size: ${({ theme }) => theme.size.md};
  color: ${({ theme }) => theme.color.ink};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Chevron = styled(ChevronDown)<{ $open: boolean }>`
  flex: none;
  color: ${({ theme }) => theme.color.brand};
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  transition: transform 0.2s ease;
`;

const Panel = styled.div`
  padding: 0 ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.color.muted};
`;
