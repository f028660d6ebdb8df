import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { withPermissions } from '../document-stores/test/fakeServer';
import AssistantsPage from './AssistantsPage';

describe('the assistants page', () => {
  it('opens custom assistants, and says honestly that OpenAI and Azure assistants come later', async () => {
    const { router } = renderRoutes(
      [
        { path: '/assistants', element: <AssistantsPage /> },
        { path: '/assistants/custom', element: <p>custom list</p> },
      ],
      { path: '/assistants', preloadedState: withPermissions(['assistants:view']) },
    );
    expect(screen.getByRole('heading', { name: 'Assistants' })).toBeInTheDocument();
    for (const kind of ['OpenAI Assistant', 'Azure Assistant']) {
      const card = screen.getByRole('group', { name: `${kind} (coming in a later release)` });
      expect(within(card).getByText('Coming in a later release')).toBeInTheDocument();
      expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Custom Assistant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assistants/custom'));
  });
});
