import type { NodeContext, NodeType } from '@flowloom/engine';
import type { NodeDefinition, NodeParam } from '@flowloom/shared';

/**
 * Flowise's LlamaIndex nodes are tagged so that the places that list components (the assistant
 * builder, the document store, agentflow model and tool pickers, the agent canvas) leave them out, and
 * the canvas can show them apart from their LangChain namesakes.
 */
export const LLAMAINDEX_TAGS = ['LlamaIndex'];

/** Flowise marks every LlamaIndex node as being phased out. */
export const LLAMAINDEX_BADGE = 'DEPRECATING';

export function isLlamaIndexNode(definition: { tags?: readonly string[] }): boolean {
  return definition.tags?.includes('LlamaIndex') === true;
}

export interface VariantSpec {
  /** Our own node whose `init` builds the value (a chat model or embeddings adapter). */
  base: NodeType;
  /** Flowise's definition of the LlamaIndex node; tags and badge are added. */
  definition: Omit<NodeDefinition, 'icon' | 'tags' | 'badge'>;
  /** The LlamaIndex node's inputs under the names the base node reads, when they differ. */
  adapt?: (inputs: Record<string, unknown>) => Record<string, unknown>;
  /** Its own option lists (model names), when the base node's do not fit; else the base node's. */
  loadMethods?: NodeType['loadMethods'];
}

/** Inputs of `base` by name, in the order given: the LlamaIndex node's that are the same as its adapter's. */
export function inputsOf(base: NodeType, names: readonly string[]): NodeParam[] {
  return names.map((name) => {
    const input = base.definition.inputs.find((candidate) => candidate.name === name);
    if (!input) throw new Error(`${base.definition.name} has no input ${name}`);
    return input;
  });
}

const isUnset = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A LlamaIndex node over one of our adapters: Flowise's names, inputs and base classes, and the
 * base node's `init` (and model lists) doing the work. Inputs left empty take the LlamaIndex node's
 * own defaults before the base node reads them, so its defaults (not the base node's) apply.
 */
export function llamaIndexVariant(spec: VariantSpec): NodeType {
  const { base, definition } = spec;
  if (!base.init) throw new Error(`${base.definition.name} builds nothing to wrap`);
  const defaults = definition.inputs.filter((input) => input.default !== undefined);
  const usesLoadMethods = definition.inputs.some((input) => input.loadMethod !== undefined);
  const loadMethods = spec.loadMethods ?? base.loadMethods;
  return {
    icon: base.icon,
    definition: { ...definition, tags: LLAMAINDEX_TAGS, badge: LLAMAINDEX_BADGE },
    ...(usesLoadMethods && loadMethods && { loadMethods }),
    init(ctx: NodeContext) {
      const inputs = { ...ctx.inputs };
      for (const input of defaults) if (isUnset(inputs[input.name])) inputs[input.name] = input.default;
      return base.init!({ ...ctx, inputs: spec.adapt ? spec.adapt(inputs) : inputs });
    },
  };
}
