import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CanvasNodeData, RichParam } from '../../canvas/document/types';
import { ArrayItemContext } from '../../canvas/inputs/arrayItemContext';
import { jsonBodyOf, urlOf } from '../../../test/fetchCalls';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { KnowledgeDescriptionInput } from './KnowledgeDescriptionInput';

afterEach(() => vi.restoreAllMocks());

const param = {
  label: 'Describe Knowledge',
  name: 'docStoreDescription',
  type: 'string',
  rows: 4,
} as RichParam;
const node = (inputs: Record<string, unknown>) =>
  ({ name: 'agentAgentflow', inputs }) as unknown as CanvasNodeData;

function renderWith(item: Record<string, unknown>, inputs: Record<string, unknown>) {
  const onChange = vi.fn();
  renderWithProviders(
    <ArrayItemContext.Provider value={item}>
      <KnowledgeDescriptionInput
        param={param}
        value=""
        onChange={onChange}
        node={node(inputs)}
        setInputs={() => undefined}
        label="Describe Knowledge"
      />
    </ArrayItemContext.Provider>,
  );
  return onChange;
}

describe('the Agent knowledge description wand', () => {
  it("asks the node's chat model to describe the row's store and fills the field", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ content: 'Lighthouse procedures.' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onChange = renderWith(
      { documentStore: 'store-1:Handbook' },
      {
        agentModel: 'chatOpenAI',
        agentModelConfig: { modelName: 'gpt-4o-mini', FLOWISE_CREDENTIAL_ID: 'c1' },
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Generate knowledge base description' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('Lighthouse procedures.'));
    const [input, init] = fetch.mock.calls[0]!;
    expect(urlOf(input)).toMatch(/\/api\/v1\/document-store\/generate-tool-desc\/store-1$/);
    expect(jsonBodyOf(init)).toEqual({
      selectedChatModel: {
        name: 'chatOpenAI',
        inputs: { modelName: 'gpt-4o-mini', FLOWISE_CREDENTIAL_ID: 'c1' },
      },
    });
    expect(
      await screen.findByText('Document Store Tool Description generated successfully'),
    ).toBeInTheDocument();
  });

  it('says what is missing: a store, or a model', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWith({ documentStore: '' }, { agentModel: 'chatOpenAI' });
    await userEvent.click(screen.getByRole('button', { name: 'Generate knowledge base description' }));
    expect(await screen.findByText('Please select a knowledge base')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
