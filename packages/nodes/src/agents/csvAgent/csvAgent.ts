import Papa from 'papaparse';
import type { NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import { requireChatModel, stringInput } from '../../llm/chat-model.js';
import { generate } from '../../llm/generate.js';
import { decodeText, readFiles } from '../../document-loaders/loader.js';
import { moderate } from '../../moderation/moderation.js';
import { badgeIcon } from '../../utilities/icons.js';

/** Rows handed to the sandbox: a larger file is refused rather than cut (the answer would be wrong). */
export const MAX_CSV_ROWS = 50_000;
/** Attempts the model gets to write working code. */
const MAX_ATTEMPTS = 3;
/** Text of a result shown to the model for the final answer. */
const MAX_RESULT_CHARS = 20_000;

const CODE_INSTRUCTION = `You answer questions about a table by writing JavaScript. The table is the array $rows: one object per
row, keyed by column name, every value a string (convert numbers with Number()). $columns lists the column names.
Write only the body of a function that returns the data needed to answer (a value, an object or a small array) — no
explanations, no imports, no network. Put the code in one \`\`\`javascript block.`;

/** The table of the CSV files: rows as objects, the header's columns. */
export function parseCsv(text: string, name: string): { rows: Record<string, string>[]; columns: string[] } {
  const { data, meta, errors } = Papa.parse<Record<string, string>>(text.trim(), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const columns = meta.fields ?? [];
  if (columns.length === 0) throw new Error(`${name} has no header row`);
  if (data.length === 0 && errors.length > 0)
    throw new Error(`${name} is not readable CSV: ${errors[0]!.message}`);
  return { rows: data, columns };
}

/** The code of a model answer: its first fenced block, or the whole text. */
export function codeOf(text: string): string {
  const fenced = /```(?:javascript|js)?\s*\n([\s\S]*?)```/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

async function runCsvAgent(ctx: NodeContext): Promise<NodeRunOutput> {
  const question = ctx.run.question;
  const refused = await moderate(ctx.inputs.inputModeration, question);
  if (refused !== undefined) {
    ctx.run.emit('token', refused);
    return { text: refused };
  }
  const model = requireChatModel(ctx.inputs.model, 'Language Model');
  const files = await readFiles(ctx, ctx.inputs.csvFile, { label: 'CSV Agent' });
  const rows: Record<string, string>[] = [];
  const columns = new Set<string>();
  for (const file of files) {
    const table = parseCsv(decodeText(file.data), file.name);
    table.columns.forEach((c) => columns.add(c));
    rows.push(...table.rows);
  }
  if (rows.length > MAX_CSV_ROWS)
    throw new Error(`The CSV files have ${rows.length} rows; the CSV Agent reads up to ${MAX_CSV_ROWS}`);
  const sample = rows.slice(0, 3);
  const system = [stringInput(ctx.inputs.systemMessagePrompt), CODE_INSTRUCTION].filter(Boolean).join('\n\n');
  const ask = `Columns: ${JSON.stringify([...columns])}\nRows: ${rows.length}\nFirst rows: ${JSON.stringify(sample)}\n\nQuestion: ${question}`;
  const messages: { role: 'user' | 'assistant'; content: string }[] = [{ role: 'user', content: ask }];
  let result: unknown;
  let code = '';
  for (let attempt = 1; ; attempt++) {
    const written = await generate(model, { system, messages, stream: false, run: ctx.run });
    code = codeOf(written);
    try {
      // The model's code runs only in the sandbox, over a copy of the table.
      result = await ctx.run.services.sandbox.run(
        code,
        { $rows: rows, $columns: [...columns] },
        { signal: ctx.run.signal },
      );
      break;
    } catch (error) {
      if (ctx.run.signal.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= MAX_ATTEMPTS)
        throw new Error(
          `The code written for this question failed ${MAX_ATTEMPTS} times; last error: ${reason}`,
        );
      messages.push(
        { role: 'assistant', content: written },
        { role: 'user', content: `That code failed: ${reason}. Fix it.` },
      );
    }
  }
  let shown = JSON.stringify(result ?? null);
  if (shown.length > MAX_RESULT_CHARS) shown = `${shown.slice(0, MAX_RESULT_CHARS)}… (cut)`;
  const text = await generate(model, {
    system: 'Answer the question in plain words from the computed result. Do not mention code.',
    messages: [{ role: 'user', content: `Question: ${question}\nComputed result: ${shown}` }],
    stream: true,
    run: ctx.run,
  });
  return { text, usedTools: [{ tool: 'javascript', toolInput: { code }, toolOutput: shown }] };
}

/** Answers questions about CSV files: the model writes JavaScript over the rows, run in the sandbox. */
export const csvAgent: NodeType = {
  icon: badgeIcon('CSV', '#2e7d32'),
  streamable: true,
  definition: {
    label: 'CSV Agent',
    name: 'csvAgent',
    version: 3,
    type: 'AgentExecutor',
    category: 'Agents',
    baseClasses: ['AgentExecutor', 'BaseChain', 'Runnable'],
    description: 'Answers questions about CSV files by computing over their rows (JavaScript in a sandbox)',
    inputs: [
      { label: 'Csv File', name: 'csvFile', type: 'file', fileType: '.csv' },
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      {
        label: 'System Message',
        name: 'systemMessagePrompt',
        type: 'string',
        rows: 4,
        description: 'Added before the instructions, e.g. what the columns mean',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Input Moderation',
        name: 'inputModeration',
        type: 'Moderation',
        description: 'Checks the question before any model sees it',
        optional: true,
        list: true,
      },
    ],
  },
  run: (ctx) => runCsvAgent(ctx),
};
