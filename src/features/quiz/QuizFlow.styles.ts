import styled, { css, keyframes } from 'styled-components';

export { Spinner } from '../../ui/Spinner';
import { media } from '../../ui/theme';

export const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 680px;
  margin: 0 auto;
`;

/**
 * Hindi words on the English quiz (its Hindi heading, the language choice, "हिन्दी में देखें") come from a small
 * subset of the Devanagari font, so an English visitor never downloads the whole font
 * (docs/decisions/153-devanagari-labels-font.md). A letter the subset lacks still renders, from the whole font.
 */
const hindiLabel = (stack: 'body' | 'display') => css`
  &[lang='hi'] {
    font-family: ${({ theme }) => `${theme.font.devanagariLabels}, ${theme.font[stack]}`};
  }
`;

export const Intro = styled.div`
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.size.xl};
    ${media.md} {
      font-size: ${({ theme }) => theme.size['2xl']};
    }
  }
  .alt {
    margin-top: ${({ theme }) => theme.space(1)};
    font-family: ${({ theme }) => theme.font.display};
    font-size: ${({ theme }) => theme.size.lg};
    font-weight: 700;
    color: ${({ theme }) => theme.color.muted};
    ${hindiLabel('display')}
  }
`;

export const Panel = styled.div`
  position: relative;
  overflow: hidden;
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  ${media.md} {
    padding: ${({ theme }) => theme.space(8)};
  }
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.sm};
  text-align: center;
`;

export const LanguageChoice = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  text-align: center;
  #quiz-language-prompt p {
    font-weight: 600;
    color: ${({ theme }) => theme.color.ink};
    ${hindiLabel('body')}
  }
`;

export const LanguageButtons = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const LanguageButton = styled.button`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid ${({ theme }) => theme.color.brandLine};
  background: ${({ theme }) => theme.color.brandSoft};
  color: ${({ theme }) => theme.color.brandInk};
  font-family: ${({ theme }) => theme.font.display};
  font-size: ${({ theme }) => theme.size.xl};
  font-weight: 800;
  ${hindiLabel('display')}
  transition: border-color 0.15s ease, transform 0.15s ease;
  span {
    display: grid;
    place-items: center;
    width: 3rem;
    height: 3rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.brand};
    font-size: ${({ theme }) => theme.size.lg};
  }
  &:hover {
    border-color: ${({ theme }) => theme.color.brand};
    transform: translateY(-1px);
  }
`;

export const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

export const StepCount = styled.p`
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 700;
  color: ${({ theme }) => theme.color.brand};
`;

export const TextButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 2.75rem;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
  ${hindiLabel('body')}
  &:hover {
    color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.surfaceAlt};
  }
  svg {
    flex: none;
  }
`;

export const Progress = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.brandSoft};
  overflow: hidden;
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

export const ProgressFill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: linear-gradient(90deg, ${({ theme }) => theme.color.brand}, #3b82f6);
  transition: width 0.3s ease;
  ${media.reducedMotion} {
    transition: none;
  }
`;

const slideFrom = (offset: string) => keyframes`
  from { opacity: 0; transform: translateX(${offset}); }
  to { opacity: 1; transform: none; }
`;
const fromRight = slideFrom('32px');
const fromLeft = slideFrom('-32px');

export const Slide = styled.div<{ $direction: 'forward' | 'back' }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  ${({ $direction }) => css`
    animation: ${$direction === 'back' ? fromLeft : fromRight} 0.3s ease-out both;
  `}
  ${media.reducedMotion} {
    animation: none;
  }
  form {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(4)};
  }
`;

export const QuestionHeading = styled.h2`
  font-size: ${({ theme }) => theme.size.xl};
  ${media.md} {
    font-size: ${({ theme }) => theme.size['2xl']};
  }
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 4px;
  }
  label {
    cursor: pointer;
  }
`;

export const Hint = styled.p`
  margin-top: -${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.muted};
`;

export const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  input {
    font-size: ${({ theme }) => theme.size.md};
    min-height: 3.25rem;
  }
`;

export const Options = styled.ul<{ $count: number }>`
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  ${media.sm} {
    grid-template-columns: ${({ $count }) => ($count > 3 ? '1fr 1fr' : '1fr')};
  }
`;

const choice = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  width: 100%;
  min-height: 3.5rem;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid ${({ theme }) => theme.color.line};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.ink};
  font-weight: 600;
  text-align: left;
  line-height: 1.35;
  transition:
    border-color 0.15s ease,
    background-color 0.15s ease;
  &:hover {
    border-color: ${({ theme }) => theme.color.brand};
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.color.brand};
  }
`;

export const Option = styled.button`
  ${choice}
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.color.brand};
    background: ${({ theme }) => theme.color.brandSoft};
  }
`;

export const Check = styled.label<{ $checked: boolean; $wide?: boolean }>`
  ${choice}
  justify-content: flex-start;
  cursor: pointer;
  ${({ $wide }) =>
    $wide &&
    css`
      align-items: flex-start;
      font-weight: 500;
    `}
  ${({ $checked, theme }) =>
    $checked &&
    css`
      border-color: ${theme.color.brand};
      background: ${theme.color.brandSoft};
    `}
  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.1rem 0 0;
    accent-color: ${({ theme }) => theme.color.brand};
  }
  /* The ring follows the keyboard only: a tap or click already shows the choice in blue. */
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  @supports not selector(:has(*)) {
    &:focus-within {
      outline: 3px solid ${({ theme }) => theme.color.focus};
      outline-offset: 2px;
    }
  }
  input:focus-visible {
    outline: none;
  }
  a {
    font-weight: 700;
  }
`;

export const Status = styled.p`
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
`;

export const Nav = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(2)};
  > button {
    white-space: normal;
    line-height: 1.2;
    text-align: center;
  }
  > button:last-child:not(:first-child) {
    flex: 1;
    max-width: 18rem;
  }
`;

export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(6)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.line};
`;

export const Saved = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.muted};
  svg {
    flex: none;
    color: ${({ theme }) => theme.color.success};
  }
`;

export const Leaving = styled.p`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 12rem;
  font-weight: 600;
`;
