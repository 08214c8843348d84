import styled from 'styled-components';

/** The logo: a rising-bars tile and the wordmark. Decorative tile; the wordmark carries the name. */
export function BrandMark({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Mark $tone={tone}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="#1d4ed8" />
        <rect x="7" y="17" width="4" height="8" rx="1.5" fill="#bfdbfe" />
        <rect x="14" y="13" width="4" height="12" rx="1.5" fill="#dbeafe" />
        <rect x="21" y="8" width="4" height="17" rx="1.5" fill="#fff" />
        <circle cx="23" cy="6.5" r="2.5" fill="#f97316" />
      </svg>
      <span>
        Growth<strong>Path</strong>
      </span>
    </Mark>
  );
}

const Mark = styled.span<{ $tone: 'dark' | 'light' }>`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.3rem;
  font-weight: 700;
  letter-spacing: -0.02em;
  color: ${({ theme, $tone }) => ($tone === 'light' ? '#fff' : theme.color.ink)};
  strong {
    color: ${({ theme, $tone }) => ($tone === 'light' ? theme.color.brandLine : theme.color.brand)};
    font-weight: 800;
  }
`;
