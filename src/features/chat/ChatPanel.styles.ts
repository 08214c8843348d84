import styled, { css } from 'styled-components';
import type { ChatRole } from '../../domain/chat';

/*
 * This chunk loads on demand: it reads breakpoints from the theme prop and writes its @keyframes inline, so it shares
 * no module with the first page load beyond what that already has (importing src/ui/theme here would split it out
 * of the entry chunk into a chunk of its own).
 */
const sm = ({ theme }: { theme: { bp: { sm: string } } }) => `@media (min-width: ${theme.bp.sm})`;

/**
 * A floating panel at the bottom right on larger screens; on a phone a sheet across the full width, tall enough to
 * read a few replies above the on-screen keyboard.
 */
export const Dialog = styled.section`
  position: fixed;
  z-index: 60;
  left: 0;
  right: 0;
  bottom: 0;
  height: min(88vh, 40rem);
  height: min(88dvh, 40rem);
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg} ${({ theme }) => theme.radius.lg} 0 0;
  box-shadow: 0 -8px 40px rgba(15, 23, 42, 0.25);
  overflow: hidden;
  ${sm} {
    left: auto;
    right: 1.5rem;
    bottom: 1.5rem;
    width: 24.5rem;
    height: min(38rem, calc(100vh - 3rem));
    height: min(38rem, calc(100dvh - 3rem));
    border-radius: ${({ theme }) => theme.radius.lg};
    border: 1px solid ${({ theme }) => theme.color.line};
    box-shadow:
      ${({ theme }) => theme.shadow.lg},
      0 8px 24px rgba(15, 23, 42, 0.12);
  }
`;

export const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)}
    ${({ theme }) => theme.space(5)};
  background: linear-gradient(135deg, ${({ theme }) => theme.color.brand}, ${({ theme }) => theme.color.brandDark});
  color: #fff;
  > svg {
    flex: none;
    padding: 0.35rem;
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.16);
  }
`;

export const HeaderText = styled.div`
  flex: 1;
  min-width: 0;
  h2 {
    color: #fff;
    font-size: ${({ theme }) => theme.size.md};
  }
  p {
    font-size: ${({ theme }) => theme.size.xs};
    color: #dbeafe;
  }
`;

export const IconButton = styled.button`
  flex: none;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: #fff;
  &:hover {
    background: rgba(255, 255, 255, 0.16);
  }
`;

export const Messages = styled.ol`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surfaceAlt};
  &:focus-visible {
    outline-offset: -3px;
  }
`;

export const Item = styled.li<{ $role: ChatRole }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $role }) => ($role === 'user' ? 'flex-end' : 'flex-start')};
  gap: ${({ theme }) => theme.space(2)};
`;

/** Who said it, for screen readers reading the list; the bubbles' sides say it visually. */
export const Speaker = styled.span.attrs({ className: 'visually-hidden' })``;

export const Bubble = styled.p<{ $role: ChatRole }>`
  max-width: 85%;
  padding: 0.65rem 0.9rem;
  font-size: ${({ theme }) => theme.size.sm};
  line-height: 1.55;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  ${({ theme, $role }) =>
    $role === 'user'
      ? css`
          background: ${theme.color.brand};
          color: #fff;
          border-radius: 16px 16px 4px 16px;
        `
      : css`
          background: ${theme.color.surface};
          color: ${theme.color.text};
          border: 1px solid ${theme.color.line};
          border-radius: 16px 16px 16px 4px;
        `}
`;

export const Caret = styled.span`
  display: inline-block;
  width: 0.45em;
  height: 1em;
  margin-left: 2px;
  vertical-align: text-bottom;
  background: ${({ theme }) => theme.color.brand};
  animation: chat-caret-blink 1s steps(1) infinite;
  @keyframes chat-caret-blink {
    50% {
      opacity: 0;
    }
  }
`;

export const Typing = styled.p`
  display: inline-flex;
  gap: 5px;
  padding: 0.85rem 1rem;
  border-radius: 16px 16px 16px 4px;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.line};
  i {
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.muted};
    animation: chat-typing-bounce 1.2s ease-in-out infinite;
  }
  @keyframes chat-typing-bounce {
    0%,
    80%,
    100% {
      transform: translateY(0);
      opacity: 0.45;
    }
    40% {
      transform: translateY(-4px);
      opacity: 1;
    }
  }
  i:nth-of-type(2) {
    animation-delay: 0.15s;
  }
  i:nth-of-type(3) {
    animation-delay: 0.3s;
  }
`;

export const Failure = styled.p`
  max-width: 90%;
  padding: 0.65rem 0.9rem;
  border-radius: 12px;
  border: 1px solid #fecaca;
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
  a {
    color: inherit;
  }
`;

export const RetryButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 2.75rem;
  padding: 0 0.9rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.brandLine};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.brand};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 700;
  &:hover {
    border-color: ${({ theme }) => theme.color.brand};
  }
`;

export const Composer = styled.form`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  border-top: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
`;

export const TextBox = styled.textarea`
  flex: 1;
  min-width: 0;
  min-height: 2.75rem;
  max-height: 8rem;
  padding: 0.6rem 0.85rem;
  border: 1px solid ${({ theme }) => theme.color.line};
  border-radius: 12px;
  resize: none;
  /* 16px keeps phones from zooming into the field. */
  font-size: 1rem;
  line-height: 1.4;
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.brand};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.color.brandLine};
  }
`;

export const SendButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 2.75rem;
  padding: 0 1rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brand};
  color: #fff;
  font-weight: 700;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.brandDark};
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export const Note = styled.p`
  padding: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.color.surface};
  font-size: ${({ theme }) => theme.size.xs};
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
`;

export const Resume = styled.button`
  position: fixed;
  z-index: 60;
  right: 1rem;
  bottom: 1rem;
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 3rem;
  padding: 0 1.1rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brand};
  color: #fff;
  font-weight: 700;
  font-size: ${({ theme }) => theme.size.sm};
  box-shadow: 0 10px 30px -8px rgba(29, 78, 216, 0.65);
  &:hover {
    background: ${({ theme }) => theme.color.brandDark};
  }
`;
