import { usePageMeta } from '../../ui/usePageMeta';
import { HoldingPage } from '../../ui/HoldingPage';
import { ButtonLink } from '../../ui/Button';

export function DashboardPage() {
  usePageMeta('Dashboard', 'Your GrowthPath client dashboard: plan, project timeline, results and apps.');
  return (
    <HoldingPage
      title="Client dashboard"
      actions={
        <>
          <ButtonLink to="/signin">Sign in</ButtonLink>
          <ButtonLink to="/help" $variant="secondary">
            Help Center
          </ButtonLink>
        </>
      }
    >
      <p>Sign in to see your plan, project timeline and results.</p>
    </HoldingPage>
  );
}
