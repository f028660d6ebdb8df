/** Where a flow names stored credentials (the run reads them from the same places). */
import { CREDENTIAL_ID_KEY } from './export-sanitize.js';
import { parseFlowData } from './flow-data.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The credential ids a flow uses: each node's `data.credential`, every `FLOWISE_CREDENTIAL_ID` at any
 * depth of its inputs, and the `credential` of every component config inside its inputs (agentflow
 * `<param>Config` objects). Walks without recursion, so a deeply nested flow cannot overflow the stack.
 */
export function credentialIdsIn(flowData: string | null | undefined): Set<string> {
  const ids = new Set<string>();
  const pending: unknown[] = [];
  for (const node of parseFlowData(flowData).nodes) {
    if (!isObject(node) || !isObject(node.data)) continue;
    if (typeof node.data.credential === 'string' && node.data.credential) ids.add(node.data.credential);
    pending.push(node.data.inputs);
  }
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...(value as unknown[]));
    else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if ((key === CREDENTIAL_ID_KEY || key === 'credential') && typeof item === 'string' && item)
          ids.add(item);
        else pending.push(item);
      }
    }
  }
  return ids;
}

/**
 * The OpenAI assistants a flow's OpenAI Assistant nodes use (their ids here): each spends its own
 * stored credential, so choosing one counts as using a credential.
 */
export function openAIAssistantIdsIn(flowData: string | null | undefined): Set<string> {
  const ids = new Set<string>();
  for (const node of parseFlowData(flowData).nodes) {
    if (!isObject(node) || !isObject(node.data) || node.data.name !== 'openAIAssistant') continue;
    const inputs = node.data.inputs;
    if (isObject(inputs) && typeof inputs.selectedAssistant === 'string' && inputs.selectedAssistant)
      ids.add(inputs.selectedAssistant);
  }
  return ids;
}
