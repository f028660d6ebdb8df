import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { withPermissions } from '../document-stores/test/fakeServer';
import AssistantsPage from './AssistantsPage';

describe('the assistants page', () => {
  it('opens the list of each kind: custom, OpenAI, and Azure (kept with the OpenAI ones)', async () => {
    const { router } = renderRoutes(
      [
        { path: '/assistants', element: <AssistantsPage /> },
        { path: '/assistants/custom', element: <p>custom list</p> },
        { path: '/assistants/openai', element: <p>openai list</p> },
      ],
      { path: '/assistants', preloadedState: withPermissions(['assistants:view']) },
    );
    expect(screen.getByRole('heading', { name: 'Assistants' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Custom Assistant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assistants/custom'));
    for (const kind of ['OpenAI Assistant', 'Azure Assistant']) {
      await router.navigate('/assistants');
      await userEvent.click(await screen.findByRole('button', { name: kind }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/assistants/openai'));
    }
  });
});
