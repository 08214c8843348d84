import { usePageMeta } from '../../ui/usePageMeta';
import { Hero } from './Hero';
import { BelowTheFold } from './BelowTheFold';

export function HomePage() {
  usePageMeta(
    'GrowthPath',
    'Websites, local SEO, ads, social media, CRM and AI agents as one flat monthly plan for Indian small businesses. No annual lock-in.',
  );

  return (
    <>
      <Hero />
      <BelowTheFold />
    </>
  );
}
