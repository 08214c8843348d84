/** The header's links (docs/product.md §2), in order. */
export const primaryNav = [
  { to: '/', label: 'Home' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/apps', label: 'Apps' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/case-studies', label: 'Case Studies' },
  { to: '/about', label: 'About Us' },
] as const;
