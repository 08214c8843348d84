import styled from 'styled-components';

/** A square 44px button holding one icon (menu and sidebar toggles); give it an accessible name. */
export const IconButton = styled.button`
  flex: none;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid ${({ theme }) => theme.color.line};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.ink};
  &:hover {
    color: ${({ theme }) => theme.color.brand};
    border-color: ${({ theme }) => theme.color.brandLine};
  }
`;
