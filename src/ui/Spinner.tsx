import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A small busy indicator; decorative (pair it with text saying what is happening). */
export const Spinner = styled.span.attrs({ 'aria-hidden': true })<{ $size?: string }>`
  display: inline-block;
  flex: none;
  width: ${({ $size = '1.25rem' }) => $size};
  height: ${({ $size = '1.25rem' }) => $size};
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.color.brandLine};
  border-top-color: ${({ theme }) => theme.color.brand};
  animation: ${spin} 0.8s linear infinite;
`;
