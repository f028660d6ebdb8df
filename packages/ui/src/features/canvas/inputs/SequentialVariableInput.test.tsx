import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FlowStore } from '../document/flowStore';
import { sequentialVariables } from '../document/sequentialVariables';
import type { CanvasNode, FlowDocument, RichParam } from '../document/types';
import { ParamField } from './ParamField';
import { ParamEditorOverrideContext } from './paramEditorContext';
import { SequentialScopeContext } from './sequentialScope';
import { sequentialParamEditor } from './SequentialVariableInput';

const node = (id: string, name: string, inputs: Record<string, unknown> = {}): CanvasNode =>
  ({
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: { id, name, label: name.replace(/^seq/, ''), category: 'Sequential Agents', inputs },
  }) as unknown as CanvasNode;

const doc: FlowDocument = {
  nodes: [
    node('seqStart_0', 'seqStart'),
    node('seqAgent_0', 'seqAgent', { agentName: 'Researcher' }),
    node('seqCondition_0', 'seqCondition'),
    node('seqLLMNode_0', 'seqLLMNode'),
    node('seqAgent_1', 'seqAgent', { agentName: 'Elsewhere' }),
  ],
  edges: [
    { id: 'a', source: 'seqStart_0', target: 'seqAgent_0' },
    { id: 'b', source: 'seqAgent_0', target: 'seqCondition_0' },
    { id: 'c', source: 'seqCondition_0', target: 'seqLLMNode_0' },
    { id: 'd', source: 'seqStart_0', target: 'seqAgent_1' },
  ] as FlowDocument['edges'],
};

describe('the variables of a Sequential Agents input', () => {
  it('are the chat values, the earlier message nodes, the state paths and the workspace variables', () => {
    const options = sequentialVariables(doc, 'seqLLMNode_0', ['region']);
    expect(options.map((o) => o.insert ?? `{{ ${o.expression} }}`)).toEqual([
      '{{ question }}',
      '{{ chat_history }}',
      '{{ file_attachment }}',
      '{{ seqAgent_0.data.instance }}',
      '$flow.state.messages',
      '$flow.state.<replace-with-key>',
      '$flow.state.messages[0].content',
      '$flow.state.messages[-1].content',
      '{{ $vars.region }}',
    ]);
    expect(options[3]).toMatchObject({
      label: 'Researcher',
      description: 'Latest message of Agent (seqAgent_0)',
    });
  });

  it('are offered by Format Prompt Values’ picker, state paths written without braces', async () => {
    const user = userEvent.setup();
    const store = new FlowStore<FlowDocument>(doc, () => undefined);
    const param = {
      label: 'Format Prompt Values',
      name: 'promptValues',
      type: 'json',
      acceptVariable: true,
    } as RichParam;
    const onChange = vi.fn();
    renderWithProviders(
      <SequentialScopeContext.Provider value={{ store, workspaceVariables: [], note: '' }}>
        <ParamEditorOverrideContext.Provider value={sequentialParamEditor}>
          <ParamField
            param={param}
            value=""
            onChange={onChange}
            node={doc.nodes[3]!.data}
            setInputs={vi.fn()}
          />
        </ParamEditorOverrideContext.Provider>
      </SequentialScopeContext.Provider>,
    );
    const field = screen.getByRole('textbox', { name: 'Format Prompt Values' }) as HTMLTextAreaElement;
    // user-event writes a literal "{" as "{{".
    await user.type(field, '{{"notes": "{{{{');
    await user.click(within(screen.getByRole('listbox', { name: 'Variables' })).getByText('Researcher'));
    expect(field.value).toBe('{"notes": "{{ seqAgent_0.data.instance }}');
    await user.type(field, '", "last": "');
    await user.click(screen.getByRole('button', { name: 'Insert variable into Format Prompt Values' }));
    await user.click(screen.getByText('$flow.state.messages[-1].content', { selector: 'p' }));
    await user.type(field, '"}');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(
      '{"notes": "{{ seqAgent_0.data.instance }}", "last": "$flow.state.messages[-1].content"}',
    );
  });
});
