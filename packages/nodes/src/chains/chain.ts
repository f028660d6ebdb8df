import type { NodeContext, NodeRunOutput } from '@flowloom/engine';

/**
 * What a chain node builds for the node it feeds (a Chain Tool): the chain, ready to answer a
 * question of the caller's instead of the run's.
 */
export interface ChainHandle {
  kind: 'chain';
  /** The chain node's label, for messages. */
  label: string;
  /**
   * Runs the chain on `question`. Nothing it does reaches the client: no tokens, no events, as in
   * Flowise, where a chain called as a tool does not stream.
   */
  call(question: string, signal: AbortSignal): Promise<NodeRunOutput>;
}

export function isChain(value: unknown): value is ChainHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'chain';
}

/**
 * The handle of a chain node: `answer` (what the node does as an ending node) run with the node's
 * context, on another question, without streaming, and stopped by the caller's signal.
 */
export function chainHandle(
  ctx: NodeContext,
  answer: (ctx: NodeContext) => Promise<NodeRunOutput>,
): ChainHandle {
  return {
    kind: 'chain',
    label: ctx.node.label,
    call: (question, signal) =>
      answer({
        ...ctx,
        run: { ...ctx.run, question, streaming: false, emit: () => {}, signal, images: undefined },
      }),
  };
}
