import type { ParamOption } from '@flowloom/shared';
import { createContext, type ComponentType } from 'react';
import { canvasApi } from '../canvasApi';
import type { CanvasNodeData, RichParam } from '../document/types';
import type { ParamEditorProps } from './paramEditorProps';

/**
 * Lets a canvas give some inputs another editor than the one of their type (the agentflow v2
 * canvas adds a variable picker to `{{ }}` fields). `undefined` keeps the usual editor.
 */
export type ParamEditorOverride = (param: RichParam) => ComponentType<ParamEditorProps> | undefined;

export const ParamEditorOverrideContext = createContext<ParamEditorOverride | null>(null);

/** Loads the options of an `asyncOptions` input of `node` from the server. */
export type OptionsLoader = (node: CanvasNodeData, param: RichParam) => Promise<ParamOption[]>;

/** The chatflow canvas's request: the node's inputs and credential (FLOWISE_API.md). */
export const loadChatflowOptions: OptionsLoader = async (node, param) => {
  if (!param.loadMethod) return [];
  const list = await canvasApi.loadOptions(node.name, {
    loadMethod: param.loadMethod,
    inputs: node.inputs,
    ...(node.credential && { credential: node.credential }),
  });
  return Array.isArray(list) ? list : [];
};

/** How `asyncOptions` inputs load; the agentflow v2 canvas sends the upstream nodes too. */
export const OptionsLoaderContext = createContext<OptionsLoader>(loadChatflowOptions);
