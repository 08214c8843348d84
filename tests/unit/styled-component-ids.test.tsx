import { render, screen } from '@testing-library/react';
import styled from 'styled-components';
import { describe, expect, it } from 'vitest';
import { Button, ButtonAnchor } from '../../src/ui/Button';

/** What styled-components records as a component's id. */
const idOf = (component: unknown) => (component as { styledComponentId: string }).styledComponentId;
/** `sc-<hash of the file>-<place in the file>`, as the config's styled-components transform writes it. */
const fromItsFile = /^sc-([0-9a-z]+)-(\d+)$/;

const Box = styled.div`
  color: red;
`;
const Link = styled.a.attrs({ rel: 'noreferrer' })`
  color: blue;
`;

describe('styled-components ids (vite.config.ts: by file, not by load order)', () => {
  it('numbers a file’s components in the order the file declares them, after a hash of the file', () => {
    const [box, link] = [idOf(Box), idOf(Link)].map((id) => fromItsFile.exec(id));
    expect(box?.[2]).toBe('0');
    expect(link?.[2]).toBe('1');
    expect(link?.[1]).toBe(box?.[1]);
  });

  it('gives another file’s components that file’s hash, whatever ran first', () => {
    const [button, anchor] = [idOf(Button), idOf(ButtonAnchor)].map((id) => fromItsFile.exec(id));
    expect(button?.[1]).toBeDefined();
    expect(anchor?.[1]).toBe(button?.[1]);
    expect(button?.[1]).not.toBe(fromItsFile.exec(idOf(Box))?.[1]);
  });

  it('writes the id as the element’s class', () => {
    render(<Link href="#/pricing">Pricing</Link>);
    expect(screen.getByRole('link', { name: 'Pricing' }).className).toContain(idOf(Link));
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('rel', 'noreferrer');
  });
});
