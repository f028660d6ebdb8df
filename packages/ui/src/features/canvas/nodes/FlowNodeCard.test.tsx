import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReactFlow, ReactFlowProvider } from '@xyflow/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { createNode } from '../document/createNode';
import { definition, definitions } from '../document/fixtures/definitions';
import { flowiseFile } from '../../../test/flowiseFiles';

const essayFile = flowiseFile('agentflows', 'Essay Writing & Grading.json');
import { documentFromText } from '../document/flowFile';
import type { CanvasNode } from '../document/types';
import {
  CanvasActionsContext,
  NodeDefinitionsContext,
  type CanvasActions,
} from '../editor/CanvasActionsContext';
import { ChatflowNode } from './ChatflowNode';
import { FlowNodeCard } from './FlowNodeCard';

// happy-dom has no layout, so React Flow never measures nodes; the editable card is rendered
// directly (ChatflowNode would keep its unmeasured stand-in).
const nodeTypes = { customNode: FlowNodeCard };

function actions(): CanvasActions {
  return {
    setInputs: vi.fn(),
    setCredential: vi.fn(),
    setOutput: vi.fn(),
    duplicateNode: vi.fn(),
    deleteNode: vi.fn(),
    deleteEdge: vi.fn(),
    showNodeInfo: vi.fn(),
    editAdditionalParams: vi.fn(),
  };
}

function renderNode(node: CanvasNode, spies = actions(), types: typeof nodeTypes = nodeTypes) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  renderWithProviders(
    <NodeDefinitionsContext.Provider value={new Map(definitions.map((d) => [d.name, d]))}>
      <CanvasActionsContext.Provider value={spies}>
        <ReactFlowProvider>
          <div style={{ width: 1200, height: 900 }}>
            {/* Fixed sizes: without them React Flow keeps unmeasured nodes hidden. */}
            <ReactFlow nodes={[{ ...node, width: 300, height: 700 }]} edges={[]} nodeTypes={types} />
          </div>
        </ReactFlowProvider>
      </CanvasActionsContext.Provider>
    </NodeDefinitionsContext.Provider>,
  );
  return spies;
}

afterEach(() => vi.restoreAllMocks());

describe('node cards', () => {
  it('renders anchors as handles with Flowise ids and params with editors', async () => {
    renderNode(createNode(definition('llmChain'), 'llmChain_0', { x: 0, y: 0 }));
    expect(await screen.findByText('LLM Chain', { selector: 'h6, .MuiTypography-root' })).toBeInTheDocument();
    const handles = [...document.querySelectorAll('.react-flow__handle')].map((h) =>
      h.getAttribute('data-handleid'),
    );
    expect(handles).toEqual([
      'llmChain_0-input-model-BaseLanguageModel',
      'llmChain_0-input-prompt-BasePromptTemplate',
      'llmChain_0-input-outputParser-BaseLLMOutputParser',
      'llmChain_0-input-inputModeration-Moderation',
      'llmChain_0-output-llmChain-LLMChain|BaseChain|Runnable',
    ]);
    expect(screen.getByRole('textbox', { name: 'Chain Name' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'LLM Chain output' })).toHaveTextContent('LLM Chain');
  });

  it('marks LlamaIndex nodes beside their category', async () => {
    const node = createNode(definition('chatOpenAI'), 'chatOpenAI_LlamaIndex_0', { x: 0, y: 0 });
    node.data.tags = ['LlamaIndex'];
    renderNode(node);
    expect(await screen.findByText('Chat Models · LlamaIndex')).toBeInTheDocument();
  });

  it('commits typed text once, on blur, not per keystroke', async () => {
    const spies = renderNode(createNode(definition('llmChain'), 'llmChain_0', { x: 0, y: 0 }));
    const field = await screen.findByRole('textbox', { name: 'Chain Name' });
    await userEvent.type(field, 'My chain');
    expect(spies.setInputs).not.toHaveBeenCalled();
    fireEvent.blur(field);
    expect(spies.setInputs).toHaveBeenCalledTimes(1);
    expect(spies.setInputs).toHaveBeenCalledWith('llmChain_0', { chainName: 'My chain' });
  });

  it('stores numbers as numbers and booleans as booleans', async () => {
    const spies = renderNode(createNode(definition('chatOpenAI'), 'chatOpenAI_0', { x: 0, y: 0 }));
    const temperature = await screen.findByRole('spinbutton', { name: 'Temperature' });
    await userEvent.clear(temperature);
    await userEvent.type(temperature, '0.2');
    fireEvent.blur(temperature);
    expect(spies.setInputs).toHaveBeenLastCalledWith('chatOpenAI_0', { temperature: 0.2 });
    await userEvent.click(screen.getByRole('switch', { name: 'Allow Image Uploads' }));
    expect(spies.setInputs).toHaveBeenLastCalledWith('chatOpenAI_0', { allowImageUploads: true });
  });

  it('keeps additional params in the dialog and applies show/hide rules', async () => {
    const base = createNode(definition('chatOpenAI'), 'chatOpenAI_0', { x: 0, y: 0 });
    const node: CanvasNode = {
      ...base,
      data: {
        ...base.data,
        inputParams: [
          ...base.data.inputParams,
          { label: 'Only when streaming', name: 'onlyStreaming', type: 'string', show: { streaming: false } },
        ],
      },
    };
    const spies = renderNode(node);
    await screen.findByText('Model Name');
    expect(screen.queryByText('Max Tokens')).not.toBeInTheDocument();
    expect(screen.queryByText('Only when streaming')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Additional Parameters' }));
    expect(spies.editAdditionalParams).toHaveBeenCalledWith('chatOpenAI_0');
  });

  it('offers duplicate, delete and info', async () => {
    // The toolbar shows on hover or selection.
    const node = {
      ...createNode(definition('promptTemplate'), 'promptTemplate_0', { x: 0, y: 0 }),
      selected: true,
    };
    const spies = renderNode(node);
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Prompt Template' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Prompt Template' }));
    await userEvent.click(screen.getByRole('button', { name: 'About Prompt Template' }));
    await waitFor(() => expect(spies.showNodeInfo).toHaveBeenCalledWith('promptTemplate_0'));
    expect(spies.duplicateNode).toHaveBeenCalledWith('promptTemplate_0');
    expect(spies.deleteNode).toHaveBeenCalledWith('promptTemplate_0');
  });

  it('draws a light stand-in with the same handles until the node is measured', async () => {
    renderNode(createNode(definition('llmChain'), 'llmChain_0', { x: 0, y: 0 }), actions(), {
      customNode: ChatflowNode,
    });
    expect(await screen.findByText('LLM Chain', { selector: '.flc-title' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Chain Name' })).not.toBeInTheDocument();
    expect(document.querySelectorAll('.react-flow__handle')).toHaveLength(5);
  });

  it('draws each branch of a sequential-agent condition as its own output handle', async () => {
    const node = documentFromText(JSON.stringify(essayFile)).nodes.find((n) => n.id === 'seqCondition_0')!;
    renderNode(node);
    expect(await screen.findByRole('button', { name: 'Edit Condition' })).toBeInTheDocument();
    expect(screen.getByText('Table: 1 condition')).toBeInTheDocument();
    const outputs = [...document.querySelectorAll('.react-flow__handle.source')].map((h) =>
      h.getAttribute('data-handleid'),
    );
    expect(outputs).toEqual([
      'seqCondition_0-output-end-Condition',
      'seqCondition_0-output-grading-Condition',
    ]);
    expect(screen.getByText('End')).toBeInTheDocument();
    expect(screen.getByText('Grading')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Condition output' })).not.toBeInTheDocument();
  });

  it('draws the same branch handles on the light stand-in', async () => {
    const node = documentFromText(JSON.stringify(essayFile)).nodes.find((n) => n.id === 'seqCondition_0')!;
    renderNode(node, actions(), { customNode: ChatflowNode });
    expect(await screen.findByText('Table: 1 condition')).toBeInTheDocument();
    const outputs = [...document.querySelectorAll('.react-flow__handle.source')].map((h) =>
      h.getAttribute('data-handleid'),
    );
    expect(outputs).toEqual([
      'seqCondition_0-output-end-Condition',
      'seqCondition_0-output-grading-Condition',
    ]);
  });
});
