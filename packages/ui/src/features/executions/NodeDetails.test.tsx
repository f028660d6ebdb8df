import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { ExecutedEntry } from './executionTypes';
import type { TreeItem } from './executionTree';
import { NodeDetails } from './NodeDetails';

function item(output: Record<string, unknown>): TreeItem {
  const entry = {
    nodeId: 'startAgentflow_0',
    nodeLabel: 'Start',
    previousNodeIds: [],
    status: 'FINISHED',
    data: { id: 'startAgentflow_0', name: 'startAgentflow', input: {}, output },
  } as unknown as ExecutedEntry;
  return { id: 'startAgentflow_0_0', label: 'Start', status: 'FINISHED', entry, index: 0, children: [] };
}

describe('NodeDetails output', () => {
  it('shows a Start node’s output fields without also saying there is no output', () => {
    renderWithProviders(<NodeDetails item={item({ question: 'Is it raining?' })} />);
    expect(screen.getByText(/Is it raining\?/)).toBeInTheDocument();
    expect(screen.queryByText('No output.')).not.toBeInTheDocument();
  });

  it('says so when a finished node produced nothing', () => {
    renderWithProviders(<NodeDetails item={item({})} />);
    expect(screen.getByText('No output.')).toBeInTheDocument();
  });

  it('shows the question of a Start node as typed, not as Markdown', () => {
    const start = item({});
    start.entry!.data.input = { question: 'What is 6*7? and 2*3?' };
    renderWithProviders(<NodeDetails item={start} />);
    expect(screen.getByText('What is 6*7? and 2*3?')).toBeInTheDocument();
  });

  it('shows what a failed node was sent beside its error', () => {
    const failed = item({});
    failed.entry!.status = 'ERROR';
    failed.entry!.data = {
      ...failed.entry!.data,
      error: 'Custom code ran out of memory',
      input: { customFunctionJavascriptFunction: 'return hugeThing()' },
    };
    renderWithProviders(<NodeDetails item={failed} />);
    expect(screen.getByText('Custom code ran out of memory')).toBeInTheDocument();
    expect(screen.getByText('Input')).toBeInTheDocument();
    expect(screen.getByText(/return hugeThing\(\)/)).toBeInTheDocument();
  });
});
