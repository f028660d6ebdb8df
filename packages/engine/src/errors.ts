/** A node failed while building or running; `message` names the node for the person reading it. */
export class NodeExecutionError extends Error {
  readonly nodeId: string;
  constructor({ nodeId, label, cause }: { nodeId: string; label: string; cause: unknown }) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${label} (${nodeId}): ${reason}`, { cause });
    this.name = 'NodeExecutionError';
    this.nodeId = nodeId;
  }
}

/** The flow cannot run as it stands: every problem found, one sentence each. */
export class FlowValidationError extends Error {
  readonly problems: string[];
  constructor(problems: string[], heading = 'This flow cannot run yet') {
    super(`${heading}: ${problems.join('; ')}`);
    this.name = 'FlowValidationError';
    this.problems = problems;
  }
}

/** The flow uses node types this server does not have. */
export class NodeUnavailableError extends FlowValidationError {
  readonly nodeNames: string[];
  constructor(nodes: { id: string; name: string; label: string }[]) {
    const names = [...new Set(nodes.map((n) => n.name))];
    super(
      nodes.map((n) => `node ${n.label} (${n.name}) is not available`),
      `This flow uses nodes that are not available in Flowloom yet (${names.join(', ')})`,
    );
    this.name = 'NodeUnavailableError';
    this.nodeNames = names;
  }
}

/** The run was stopped by the abort endpoint or a closed connection. */
export class RunAbortedError extends Error {
  constructor() {
    super('Flow execution was cancelled');
    this.name = 'RunAbortedError';
  }
}

/**
 * A shared resource of the server (the code sandbox's threads) is at capacity: the run was refused
 * rather than left waiting without end. The API answers 503; trying again shortly may succeed.
 */
export class SandboxBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxBusyError';
  }
}
