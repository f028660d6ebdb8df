// Flow JSON for benchmarks, in the Flowise shape the canvas saves.

function node(id, name, label, category, inputs, extra = {}) {
  return {
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: {
      id,
      label,
      name,
      version: 1,
      type: label,
      baseClasses: [],
      category,
      inputParams: [],
      inputAnchors: [],
      inputs,
      outputAnchors: [],
      outputs: {},
      ...extra,
    },
  };
}

function edge(source, sourceName, target, input, type) {
  const sourceHandle = `${source}-output-${sourceName}-${type}`;
  const targetHandle = `${target}-input-${input}-${type}`;
  return {
    id: `${source}-${sourceHandle}-${target}-${targetHandle}`,
    source,
    target,
    sourceHandle,
    targetHandle,
    type: 'buttonedge',
  };
}

/** ChatOpenAI → Prompt Template → LLM Chain: the one-LLM chain of the benchmark. */
export function llmChainFlow(credentialId) {
  return {
    nodes: [
      node(
        'chatOpenAI_0',
        'chatOpenAI',
        'ChatOpenAI',
        'Chat Models',
        { modelName: 'gpt-4o-mini', temperature: 0.2 },
        { credential: credentialId },
      ),
      node('promptTemplate_0', 'promptTemplate', 'Prompt Template', 'Prompts', {
        template: 'Answer briefly: {question}',
        promptValues: '',
      }),
      node(
        'llmChain_0',
        'llmChain',
        'LLM Chain',
        'Chains',
        {
          model: '{{chatOpenAI_0.data.instance}}',
          prompt: '{{promptTemplate_0.data.instance}}',
        },
        { outputs: { output: 'llmChain' } },
      ),
    ],
    edges: [
      edge('chatOpenAI_0', 'chatOpenAI', 'llmChain_0', 'model', 'BaseLanguageModel'),
      edge('promptTemplate_0', 'promptTemplate', 'llmChain_0', 'prompt', 'BasePromptTemplate'),
    ],
  };
}
