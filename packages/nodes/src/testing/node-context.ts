import {
  createTestEngine,
  quietRun,
  type EngineServices,
  type NodeContext,
  type NodeType,
  type RunContext,
} from '@flowloom/engine';
import { buildFlow } from './flow-builder.js';

export interface NodeContextOptions {
  inputs?: Record<string, unknown>;
  /** Decrypted credential fields the node sees. */
  credential?: Record<string, unknown>;
  /** What renewing an OAuth2 credential does (absent: the context cannot renew). */
  refreshCredential?: () => Promise<Record<string, unknown>>;
  services?: Partial<EngineServices>;
  run?: Partial<Omit<RunContext, 'services'>>;
}

/** A run of the test flow (`test-flow`, chat `test-chat`) on these services, `run` set over the defaults. */
export function testRun(services: EngineServices, run: NodeContextOptions['run'] = {}): RunContext {
  return quietRun(services, { flowId: 'test-flow', chatId: 'test-chat', sessionId: 'test-chat', ...run });
}

/**
 * The context the engine would hand one node (defaults filled in), for testing a node that is not
 * an ending node, such as a tool or an output parser, on its own.
 */
export function nodeContext(type: NodeType, options: NodeContextOptions = {}): NodeContext {
  const { services } = createTestEngine({ nodes: [type], services: options.services });
  const node = buildFlow([{ id: `${type.definition.name}_0`, type, inputs: options.inputs }]).nodes[0]!;
  return {
    node: node.data,
    inputs: node.data.inputs,
    outputName: undefined,
    credential: () => Promise.resolve(options.credential ?? {}),
    ...(options.refreshCredential && { refreshCredential: options.refreshCredential }),
    run: testRun(services, options.run),
  };
}
