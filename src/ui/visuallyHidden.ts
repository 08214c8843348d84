import styled, { css } from 'styled-components';

/**
 * Off screen but read by screen readers: the one rule behind the global `.visually-hidden` class, <VisuallyHidden>
 * and any style that hides a label only in some states.
 */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
