import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../render';
import { QuizPage } from '../../src/features/quiz/QuizPage';
import { AuthProvider } from '../../src/lib/auth/AuthProvider';
import { AuthStore, staticAuthState } from '../../src/lib/auth/store';

describe('QuizPage', () => {
  it('renders the language choice', async () => {
    renderWithApp(
      <AuthProvider store={new AuthStore(null, staticAuthState('signedOut'))}>
        <QuizPage />
      </AuthProvider>,
    );
    expect(await screen.findByRole('button', { name: 'English' })).toBeInTheDocument();
  });
});
