import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AgentGraphChatPanel } from './AgentGraphChatPanel';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const frame = (event: string, data: unknown) => `message:\ndata:${JSON.stringify({ event, data })}\n\n`;

function sse(frames: string[]): Response {
  return new Response(new TextEncoder().encode(frames.join('')), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });

// A run of Start → Writer → Condition "Review?" (chose Grading) → Mathematician, paused before the
// Mathematician's calculator (SEQUENTIAL_AGENTS.md §7.2, §8.1).
const writer = { agentName: 'Writer', messages: ['A draft'], nodeName: 'seqLLMNode', nodeId: 'w' };
const condition = { agentName: 'Review?', messages: ['Grading'], nodeName: 'seqCondition', nodeId: 'c' };
const paused = { agentName: 'Mathematician', messages: [], nodeName: 'seqAgent', nodeId: 'm' };
const action = {
  id: 'act-1',
  mapping: { approve: 'Yes', reject: 'No', toolCalls: [{ name: 'calculator', args: { input: '6*7' } }] },
  elements: [
    { type: 'approve-button', label: 'Yes' },
    { type: 'reject-button', label: 'No' },
  ],
};

function renderPanel() {
  return renderWithProviders(
    <AgentGraphChatPanel chatflowId="agents-1" isDirty={false} onSave={() => Promise.resolve(null)} />,
  );
}

describe('agent graph chat panel', () => {
  it('shows the turns and the chosen route, asks for approval with the box locked, and sends Yes with the action', async () => {
    const predictions: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (!urlOf(input).includes('/internal-prediction/agents-1')) return Promise.resolve(json([]));
      predictions.push(jsonBodyOf(init));
      return Promise.resolve(
        predictions.length === 1
          ? sse([
              frame('start', [writer]),
              frame('agentReasoning', [writer, condition, paused]),
              frame('token', 'May I run the calculator?'),
              frame('action', action),
              frame('metadata', { chatId: 'c1', chatMessageId: 'm1' }),
              frame('end', '[DONE]'),
            ])
          : sse([
              frame('start', [{ ...paused, messages: ['It is 42.'] }]),
              frame('token', 'It is 42.'),
              frame('metadata', { chatId: 'c1', chatMessageId: 'm2' }),
              frame('end', '[DONE]'),
            ]),
      );
    });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.getByText('Runs the saved version of this agentflow')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Question' });
    await userEvent.type(box, 'What is 6*7?{Enter}');

    const approval = await screen.findByRole('group', { name: 'Approve the tool calls' });
    const turns = within(screen.getByRole('list', { name: 'Agent reasoning' })).getAllByRole('listitem');
    expect(turns.map((turn) => turn.textContent)).toEqual([
      'WriterA draft',
      'Review?Route chosen: Grading',
      'MathematicianWaiting for your approval to run its tools',
    ]);
    expect(screen.getByText('May I run the calculator?')).toBeInTheDocument();
    await waitFor(() => expect(box).toBeDisabled());
    expect(box).toHaveAttribute('placeholder', 'Approve or reject the tool calls above first');

    await userEvent.click(within(approval).getByRole('button', { name: 'Yes' }));
    expect(await screen.findAllByText('It is 42.')).toHaveLength(2); // the turn and the answer
    expect(predictions[1]).toEqual({ question: 'Yes', chatId: expect.any(String), streaming: true, action });
    expect(screen.queryByRole('group', { name: 'Approve the tool calls' })).not.toBeInTheDocument();
    // The answered turn no longer waits.
    expect(screen.queryByText('Waiting for your approval to run its tools')).not.toBeInTheDocument();
    await waitFor(() => expect(box).toBeEnabled());
  });

  it('shows a stored conversation whose approval was answered without buttons', async () => {
    localStorage.setItem('agents-1_INTERNAL', JSON.stringify({ chatId: 'c2' }));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json([
        { id: 'u1', role: 'userMessage', content: 'What is 6*7?' },
        {
          id: 'a1',
          role: 'apiMessage',
          content: 'May I run the calculator?',
          agentReasoning: JSON.stringify([paused]),
          action: null,
        },
        { id: 'u2', role: 'userMessage', content: 'Yes' },
        {
          id: 'a2',
          role: 'apiMessage',
          content: 'It is 42.',
          agentReasoning: JSON.stringify([{ ...paused, messages: ['It is 42.'] }]),
        },
      ]),
    );
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(await screen.findAllByText('It is 42.')).toHaveLength(2);
    expect(screen.getAllByRole('list', { name: 'Agent reasoning' })).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Approve the tool calls' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question' })).toBeEnabled();
  });
});
