import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../src/ui/theme';
import { ReportPage } from '../../src/features/report/ReportPage';
import { AuthActor } from '../../src/lib/auth/AuthActor';
import { authStoreAt } from '../authSnapshots';
import { type QuizDraftFields } from '../../src/domain/quiz';
import { quizProspect } from '../fixtures/quizProspect';

const answers: QuizDraftFields = quizProspect();

function renderReport(state: unknown, status: 'signedIn' | 'signedOut', lang = 'en') {
  const store = authStoreAt(status);
  const send = vi.spyOn(store, 'send').mockImplementation(() => {});
  const router = createMemoryRouter(
    [
      { path: '/report', element: <ReportPage /> },
      { path: '/get-started', element: <p>quiz</p> },
    ],
    { initialEntries: [{ pathname: '/report', search: `?lang=${lang}`, state }] },
  );
  render(
    <ThemeProvider theme={theme}>
      <AuthActor.Provider store={store}>
        <RouterProvider router={router} />
      </AuthActor.Provider>
    </ThemeProvider>,
  );
  return { router, send };
}

describe('ReportPage', () => {
  it('shows "Generating your personalized growth plan..." first, then the report in Hindi', async () => {
    renderReport({ answers }, 'signedOut', 'hi');
    expect(screen.getByRole('status')).toHaveTextContent('आपकी व्यक्तिगत ग्रोथ योजना तैयार की जा रही है...');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('आपकी व्यक्तिगत ग्रोथ रणनीति');
    expect(screen.getByRole('heading', { level: 2, name: 'LaunchPad' })).toBeInTheDocument();
  });

  it('updates a signed-in visitor’s profile once', async () => {
    const signedIn = renderReport({ answers }, 'signedIn');
    await screen.findByRole('heading', { level: 1 });
    expect(signedIn.send).toHaveBeenCalledTimes(1);
    expect(signedIn.send).toHaveBeenCalledWith({
      type: 'auth.update',
      changes: { displayName: 'Asha Verma', businessName: 'Rao Stores', role: 'Owner', industry: 'Retail', quizCompleted: true },
    });
  });

  it('sends a visitor without a name or accepted terms to the quiz', async () => {
    const { router, send } = renderReport({ answers: { ...answers, acceptTerms: false } }, 'signedIn');
    expect(await screen.findByText('quiz')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/get-started');
    expect(send).not.toHaveBeenCalled();
  });
});
