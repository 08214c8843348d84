import styled from 'styled-components';

/** Shared form pieces: a labelled field with its hint and error line. */

export const FieldGroup = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

export const Label = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.size.sm};
  color: ${({ theme }) => theme.color.ink};
  span {
    font-weight: 400;
    color: ${({ theme }) => theme.color.muted};
  }
`;

const control = `
  width: 100%;
  min-height: 3rem;
  padding: 0.75rem 1rem;
  border-radius: 10px;
  background: #fff;
  font-size: 1rem;
  transition: border-color 0.15s ease, box-shadow 0.15s ease;
  &:disabled { background: #f1f5f9; color: #64748b; }
`;

export const Input = styled.input`
  ${control}
  border: 1px solid ${({ theme }) => theme.color.line};
  &:hover:not(:disabled) {
    border-color: #94a3b8;
  }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.brand};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.color.brandLine};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

export const TextArea = styled.textarea`
  ${control}
  min-height: 9rem;
  resize: vertical;
  border: 1px solid ${({ theme }) => theme.color.line};
  &:hover:not(:disabled) {
    border-color: #94a3b8;
  }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.color.brand};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.color.brandLine};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

export const FieldError = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.size.sm};
  font-weight: 600;
`;

export const FormAlert = styled.p`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid #fecaca;
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

/** Groups a form's fields so `disabled` switches them all off while the form is busy; no border of its own. */
export const Fieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;
