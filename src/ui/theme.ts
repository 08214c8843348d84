import { fallbackFamily } from './fallbackFont';

/**
 * Design tokens. Every colour pair used for text meets WCAG AA (4.5:1) on the surface it sits on;
 * `accent` is decorative only and never carries text on white.
 */
export const theme = {
  color: {
    brand: '#1d4ed8',
    brandDark: '#1e3a8a',
    brandInk: '#172554',
    brandSoft: '#eff6ff',
    brandLine: '#bfdbfe',
    accent: '#f97316',
    accentSoft: '#fff7ed',
    accentInk: '#9a3412',
    ink: '#0b1324',
    text: '#1e293b',
    muted: '#475569',
    line: '#e2e8f0',
    surface: '#ffffff',
    surfaceAlt: '#f8fafc',
    night: '#0b1220',
    nightText: '#cbd5e1',
    success: '#15803d',
    successSoft: '#f0fdf4',
    danger: '#b91c1c',
    dangerSoft: '#fef2f2',
    focus: '#f59e0b',
  },
  font: {
    /** While the web fonts download, `fallbackFamily` draws at their width (src/ui/fallbackFont.ts). */
    body: `'Inter Variable', 'Noto Sans Devanagari Variable', '${fallbackFamily}', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Devanagari', sans-serif`,
    // Not Inter after Plus Jakarta Sans: arriving first, it would be one more font, and one more move, for headings.
    display: `'Plus Jakarta Sans Variable', 'Noto Sans Devanagari Variable', '${fallbackFamily}', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Devanagari', sans-serif`,
    /**
     * The family of the few Hindi words an English page shows, put before `body` or `display` on their elements only:
     * a subset of Noto Sans Devanagari holding just their letters (src/content/devanagariLabels.ts).
     */
    devanagariLabels: "'Noto Sans Devanagari Labels'",
  },
  /** Type scale in rem (1rem = 16px). */
  size: {
    xs: '0.75rem',
    sm: '0.875rem',
    base: '1rem',
    md: '1.125rem',
    lg: '1.25rem',
    xl: '1.5rem',
    '2xl': '1.875rem',
    '3xl': '2.25rem',
    '4xl': '3rem',
    '5xl': '3.5rem',
  },
  /** Spacing scale on a 4px grid. */
  space: (n: number) => `${n * 0.25}rem`,
  radius: { sm: '8px', md: '12px', lg: '20px', pill: '999px' },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08), 0 2px 4px rgba(15, 23, 42, 0.04)',
    lg: '0 20px 40px -12px rgba(15, 23, 42, 0.18)',
  },
  width: { page: '1200px', prose: '720px' },
  bp: { sm: '640px', md: '768px', lg: '1024px' },
} as const;

export type Theme = typeof theme;

export const media = {
  sm: `@media (min-width: ${theme.bp.sm})`,
  md: `@media (min-width: ${theme.bp.md})`,
  lg: `@media (min-width: ${theme.bp.lg})`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;
