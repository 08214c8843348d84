import { render, screen } from '@testing-library/react';
import styled from 'styled-components';
import { describe, expect, it } from 'vitest';
import { styledWithIds } from '../../src/ui/styledWithIds';

/** What styled-components records as a component's id. */
const idOf = (component: unknown) => (component as { styledComponentId: string }).styledComponentId;

describe('styledWithIds (component ids by file, not by load order)', () => {
  it('numbers a file’s components in the order the file creates them, whatever other files created first', () => {
    const first = styledWithIds(styled, 'aaaaaa');
    const Box = first.div`color: red;`;
    const other = styledWithIds(styled, 'bbbbbb');
    const created = [other.p`margin: 0;`, other.span`margin: 0;`];
    expect(created.map(idOf)).toEqual(['sc-bbbbbb0', 'sc-bbbbbb1']);
    const Title = first.h2`font-size: 2rem;`;
    expect([idOf(Box), idOf(Title)]).toEqual(['sc-aaaaaa0', 'sc-aaaaaa1']);

    // The same file loaded after other code gets the same ids (a second wrapper stands for a second load order).
    const later = styledWithIds(styled, 'aaaaaa');
    expect([idOf(later.div`color: red;`), idOf(later.h2`font-size: 2rem;`)]).toEqual(['sc-aaaaaa0', 'sc-aaaaaa1']);
  });

  it('covers styled(Component), .attrs and .withConfig, and the id is the element’s class', () => {
    const file = styledWithIds(styled, 'cccccc');
    const Base = file.button`padding: 4px;`;
    const Wrapped = file(Base)`margin: 2px;`;
    const Link = file.a.attrs({ rel: 'noreferrer' })`color: blue;`;
    const Filtered = file.div.withConfig({ shouldForwardProp: (prop) => prop !== 'tone' })`display: block;`;
    expect([Base, Wrapped, Link, Filtered].map(idOf)).toEqual(['sc-cccccc0', 'sc-cccccc1', 'sc-cccccc2', 'sc-cccccc3']);

    render(
      <>
        <Wrapped>Press</Wrapped>
        <Link href="#/pricing">Pricing</Link>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Press' }).className).toContain('sc-cccccc1');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('rel', 'noreferrer');
    expect(screen.getByRole('link', { name: 'Pricing' }).className).toContain('sc-cccccc2');
  });
});
