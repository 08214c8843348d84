import { usePageMeta } from '../../ui/usePageMeta';
import { Hero } from './Hero';
import { LazyBelowFold } from './LazyBelowFold';

export function HomePage() {
  usePageMeta(
    'GrowthPath',
    'Websites, local SEO, ads, social media, CRM and AI agents as one flat monthly plan for Indian small businesses. No annual lock-in.',
  );

  return (
    <>
      <Hero />
      <LazyBelowFold />
    </>
  );
}
