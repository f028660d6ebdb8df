import { flowShapeProblem, type FlowData } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import type { ChatflowRepository } from '../chatflows/chatflow.repository.js';
import type { RuntimeVariablePolicy } from '../resources/runtime-variables.js';

/** A saved flow's JSON as the engine reads it; a flow stored before the save-time checks may still be damaged. */
export function parseFlow(flowData: string): FlowData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(flowData);
  } catch {
    throw new AppError('BAD_REQUEST', 'The flow data of this chatflow is not valid JSON');
  }
  const problem = flowShapeProblem(parsed);
  if (problem) throw new AppError('BAD_REQUEST', `The flow data of this chatflow is damaged: ${problem}`);
  const { nodes, edges } = parsed as FlowData;
  return { nodes, edges };
}

/** The workspace's variables for `$vars`: `runtime` ones read from the environment where allowed. */
export function workspaceVariables(
  flows: Pick<ChatflowRepository, 'variables'>,
  runtimeVariables: RuntimeVariablePolicy,
) {
  return async (workspaceId: string): Promise<Record<string, string>> => {
    const rows = await flows.variables(workspaceId);
    return Object.fromEntries(
      rows.map((v) => [v.name, v.type === 'runtime' ? (runtimeVariables.read(v.name) ?? v.value) : v.value]),
    );
  };
}
