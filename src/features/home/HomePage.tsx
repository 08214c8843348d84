import { Hero } from './Hero';
import { LazyBelowFold } from './LazyBelowFold';

export function HomePage() {
  return (
    <>
      <Hero />
      <LazyBelowFold />
    </>
  );
}
