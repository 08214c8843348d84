import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Accordion } from '../../src/ui/Accordion';
import { renderWithApp } from '../render';

const items = [
  { question: 'First question?', answer: 'First answer.' },
  { question: 'Second question?', answer: 'Second answer.' },
  { question: 'Third question?', answer: 'Third answer.' },
];

describe('Accordion', () => {
  it('opens the first item and keeps exactly one open at a time', async () => {
    const { user } = renderWithApp(<Accordion items={items} />);
    const [first, second, third] = screen.getAllByRole('button');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First question?' })).toHaveTextContent('First answer.');
    expect(screen.queryByText('Second answer.')).not.toBeVisible();

    await user.click(second!);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(third).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Second answer.')).toBeVisible();
    expect(screen.queryByText('First answer.')).not.toBeVisible();
  });

  it('closes the open item when its header is pressed again', async () => {
    const { user } = renderWithApp(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'First question?' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('is operable from the keyboard: arrows move between headers, Enter and Space toggle', async () => {
    const { user } = renderWithApp(<Accordion items={items} defaultOpen={null} />);
    const [first, second, third] = screen.getAllByRole('button');
    first!.focus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{End}');
    expect(third).toHaveFocus();
    await user.keyboard(' ');
    expect(third).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(third).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
  });

  it('ties each header to its panel', () => {
    renderWithApp(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'First question?' });
    const panel = screen.getByRole('region', { name: 'First question?' });
    expect(first).toHaveAttribute('aria-controls', panel.id);
  });
});
