import styled, { css } from 'styled-components';
import { Link } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'light';

interface VariantProps {
  $variant?: ButtonVariant;
  $size?: 'md' | 'lg';
  $block?: boolean;
}

const buttonStyles = css<VariantProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ $size }) => ($size === 'lg' ? '3.25rem' : '2.75rem')};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'lg' ? 7 : 5)};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 2px solid transparent;
  font-weight: 700;
  font-size: ${({ theme, $size }) => ($size === 'lg' ? theme.size.md : theme.size.base)};
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  transition:
    background-color 0.15s ease,
    color 0.15s ease,
    border-color 0.15s ease,
    transform 0.15s ease;
  &:hover:not(:disabled) {
    transform: translateY(-1px);
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  svg {
    flex: none;
  }

  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'secondary':
        return css`
          background: ${theme.color.surface};
          color: ${theme.color.brand};
          border-color: ${theme.color.brandLine};
          &:hover:not(:disabled) {
            border-color: ${theme.color.brand};
          }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.color.text};
          &:hover:not(:disabled) {
            background: ${theme.color.surfaceAlt};
          }
        `;
      case 'light':
        return css`
          background: #fff;
          color: ${theme.color.brandDark};
          &:hover:not(:disabled) {
            background: ${theme.color.brandSoft};
          }
        `;
      default:
        return css`
          background: ${theme.color.brand};
          color: #fff;
          box-shadow: 0 8px 20px -8px rgba(29, 78, 216, 0.6);
          &:hover:not(:disabled) {
            background: ${theme.color.brandDark};
          }
        `;
    }
  }}
`;

export const Button = styled.button<VariantProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled(Link)<VariantProps>`
  ${buttonStyles}
`;

/** For links that leave the app (tel:, mailto:, WhatsApp). */
export const ButtonAnchor = styled.a<VariantProps>`
  ${buttonStyles}
`;
