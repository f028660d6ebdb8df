export * from './node-type.js';
export * from './errors.js';
export {
  planChatflow,
  planVectorUpsert,
  type UpsertPlan,
  isStickyNote,
  targetInputName,
  ENDING_NODE_OUTPUT,
  type FlowPlan,
  type NodeRegistry,
} from './plan.js';
export {
  resolveValue,
  resolveInputs,
  renderHistory,
  type InputTraits,
  type VariableScope,
} from './variables.js';
export {
  applyOverrides,
  applyVariableOverrides,
  parseOverrideSettings,
  type OverrideSettings,
} from './overrides.js';
export {
  runChatflow,
  runVectorUpsert,
  type ChatflowRunRequest,
  type ChatflowRunResult,
  type VectorUpsertRequest,
  type VectorUpsertResult,
} from './chatflow-runner.js';
export { createTestEngine, type TestEngineOptions, type TestRun } from './testing.js';
export { clearChatflowMemory, type MemoryClearRequest } from './memory-clearing.js';
export * from './agentflow/types.js';
export {
  runAgentflow,
  executionStateOf,
  type AgentflowRegistry,
  type AgentflowRunRequest,
  type AgentflowRunResult,
} from './agentflow/executor.js';
export { buildGraph, DECISION_NODES, type AgentGraph } from './agentflow/graph.js';
export {
  resolveText,
  resolveDeep,
  htmlToMarkdown,
  applyStateUpdates,
  readPath,
  type AgentflowScope,
} from './agentflow/variables.js';
export { cosineSimilarity, createMemoryVectors, createMemoryRecords } from './memory-services.js';
export {
  credentialForNode,
  credentialWithInputs,
  CREDENTIAL_DESTINATION_FIELDS,
} from './credential-inputs.js';
export { createMemoryCheckpoints } from './memory-services.js';
export * from './sequential/types.js';
export { planAgentGraph, type AgentGraphPlan } from './plan.js';
export { initialState, applyUpdates, stateWithoutMessages } from './sequential/state.js';
export { END, RecursionLimitError, executeGraph, type CompiledGraph } from './sequential/executor.js';
export {
  compileSequential,
  compileTeam,
  latestFrom,
  pendingCalls,
  SEQUENTIAL_RECURSION_LIMIT,
  SUPERVISOR_RECURSION_LIMIT,
  type CompiledAgentGraph,
} from './sequential/compile.js';
export {
  runAgentGraph,
  denialMessages,
  type AgentGraphRunRequest,
  type AgentGraphRunResult,
  type ApprovalAction,
  type ReceivedAction,
} from './sequential/runner.js';
