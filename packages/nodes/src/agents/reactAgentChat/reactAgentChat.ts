import type { NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import type { UsedTool } from '@flowloom/shared';
import { numberInput, requireChatModel } from '../../llm/chat-model.js';
import { generate } from '../../llm/generate.js';
import { isMemory, rememberExchange, toModelMessages } from '../../memory/memory.js';
import { moderate } from '../../moderation/moderation.js';
import { splitToolOutput, toolList, type ToolHandle } from '../../tools/tool.js';
import { badgeIcon } from '../../utilities/icons.js';
import { MAX_ITERATIONS_ANSWER } from '../tool-loop.js';

const DEFAULT_MAX_ITERATIONS = 10;

/** The ReAct instructions: tools described in text, the model answers in Thought/Action lines. */
export function reactPrompt(tools: readonly ToolHandle[]): string {
  const described = tools
    .map((t) => `${t.name}: ${t.description} Input: a JSON object matching ${JSON.stringify(t.inputSchema)}`)
    .join('\n');
  return `Answer the user as well as you can. You have these tools:

${described}

Work in steps, in exactly this format:
Thought: what you need to do next
Action: the name of one tool, one of [${tools.map((t) => t.name).join(', ')}]
Action Input: the tool's input as JSON
Observation: (the tool's result is written here for you)
… repeat Thought / Action / Action Input / Observation as needed, then:
Thought: I know the answer
Final Answer: the answer to the user`;
}

/** What one model turn asks for: a tool call or the final answer (none: the text is the answer). */
export function parseReAct(text: string): { action: string; input: string } | { answer: string } {
  const final = /Final Answer:\s*([\s\S]*)$/.exec(text);
  const action = /Action:\s*(.+?)\s*\n\s*Action Input:\s*([\s\S]*?)\s*(?:\nObservation:|$)/.exec(text);
  if (action && (!final || action.index < final.index))
    return { action: action[1]!.replace(/^\[|\]$/g, '').trim(), input: action[2]!.trim() };
  if (final) return { answer: final[1]!.trim() };
  return { answer: text.replace(/^Thought:[^\n]*\n?/, '').trim() };
}

/** A tool input as the model wrote it: a JSON object, else the text as the tool's `input`. */
function toolArgs(input: string): Record<string, unknown> {
  const cleaned = input.replace(/^```(?:json)?\s*|\s*```$/g, '').trim();
  try {
    const parsed = JSON.parse(cleaned) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
    return { input: typeof parsed === 'string' ? parsed : cleaned };
  } catch {
    return { input: cleaned.replace(/^"|"$/g, '') };
  }
}

async function runReAct(ctx: NodeContext): Promise<NodeRunOutput> {
  const question = ctx.run.question;
  const refused = await moderate(ctx.inputs.inputModeration, question);
  if (refused !== undefined) {
    ctx.run.emit('token', refused);
    return { text: refused };
  }
  const base = requireChatModel(ctx.inputs.model, 'Chat Model');
  // The model stops where the tool's result goes; we write the observation.
  const model = {
    ...base,
    settings: { ...base.settings, stopSequences: [...(base.settings.stopSequences ?? []), '\nObservation:'] },
  };
  const tools = toolList(ctx.inputs.tools);
  const history = isMemory(ctx.inputs.memory) ? toModelMessages(await ctx.inputs.memory.load()) : [];
  const limit = numberInput(ctx.inputs.maxIterations) ?? DEFAULT_MAX_ITERATIONS;
  const usedTools: UsedTool[] = [];
  let scratchpad = '';
  let answer = MAX_ITERATIONS_ANSWER;
  for (let step = 0; step < Math.max(1, Math.floor(limit)); step++) {
    const text = await generate(model, {
      system: reactPrompt(tools),
      messages: [...history, { role: 'user', content: `Question: ${question}\n${scratchpad}` }],
      stream: false,
      run: ctx.run,
    });
    const next = parseReAct(text);
    if ('answer' in next) {
      answer = next.answer;
      break;
    }
    const tool = tools.find((t) => t.name === next.action);
    let observation: string;
    const args = toolArgs(next.input);
    if (!tool)
      observation = `${next.action} is not a tool; use one of ${tools.map((t) => t.name).join(', ')}`;
    else {
      try {
        const { content, sourceDocuments } = splitToolOutput(
          await tool.invoke(args, { signal: ctx.run.signal }),
        );
        observation = content;
        usedTools.push({
          tool: tool.name,
          toolInput: args,
          toolOutput: content,
          ...(sourceDocuments && { sourceDocuments }),
        });
        // Return Direct: the tool's answer is the agent's, without asking the model again.
        if (tool.returnDirect) {
          answer = content;
          break;
        }
      } catch (error) {
        if (ctx.run.signal.aborted) throw error;
        observation = `Error: ${error instanceof Error ? error.message : String(error)}`;
        usedTools.push({ tool: tool.name, toolInput: args, toolOutput: observation, error: observation });
      }
    }
    scratchpad += `${text.trim()}\nObservation: ${observation}\n`;
  }
  ctx.run.emit('token', answer);
  await rememberExchange(ctx.inputs.memory, question, answer);
  const sourceDocuments = usedTools.flatMap((u) => u.sourceDocuments ?? []);
  return {
    text: answer,
    ...(usedTools.length > 0 && { usedTools }),
    ...(sourceDocuments.length > 0 && { sourceDocuments }),
  };
}

/** An agent for chat models without tool calling: it reasons and acts in text (ReAct). */
export const reactAgentChat: NodeType = {
  icon: badgeIcon('RA', '#6a1b9a'),
  streamable: true,
  definition: {
    label: 'ReAct Agent for Chat Models',
    name: 'reactAgentChat',
    version: 4,
    type: 'AgentExecutor',
    category: 'Agents',
    baseClasses: ['AgentExecutor', 'BaseChain', 'Runnable'],
    description: 'An agent that reasons step by step and uses tools through text, for any chat model',
    inputs: [
      { label: 'Allowed Tools', name: 'tools', type: 'Tool', list: true },
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      { label: 'Memory', name: 'memory', type: 'BaseChatMemory' },
      {
        label: 'Input Moderation',
        name: 'inputModeration',
        type: 'Moderation',
        description: 'Checks the question before any model sees it',
        optional: true,
        list: true,
      },
      {
        label: 'Max Iterations',
        name: 'maxIterations',
        type: 'number',
        description: `Steps the agent may take before it gives up (default ${DEFAULT_MAX_ITERATIONS})`,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: (ctx) => runReAct(ctx),
};
