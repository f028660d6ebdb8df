/** One question for one tool, as the chat model planned it. */
export interface SubQuestion {
  subQuestion: string;
  toolName: string;
}

/** The most sub-questions one question may become (each costs at least one model call). */
export const MAX_SUB_QUESTIONS = 10;
const MAX_SUB_QUESTION_LENGTH = 2_000;

/** The prompt that asks the chat model to split `question` among the tools. */
export function subQuestionPrompt(
  tools: readonly { name: string; description: string }[],
  question: string,
): string {
  const list = tools.map((tool) => `- ${tool.name}: ${tool.description.replace(/\s+/g, ' ')}`).join('\n');
  return `Break the user's question into the sub-questions needed to answer it. Each sub-question is answered by exactly one of these tools:
${list}

Reply with JSON only: an array of objects, each with "subQuestion" (a question one tool can answer on its own) and "toolName" (the name of that tool, exactly as listed). Use as few sub-questions as the question needs, at most ${MAX_SUB_QUESTIONS}.
Example: [{"subQuestion": "What was the revenue of company A in 2022?", "toolName": "company_a"}]

Question: ${question}`;
}

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
};

/** The JSON in a model's answer: inside a Markdown code fence if there is one, else from the first bracket. */
function jsonOf(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1] ?? text;
  const start = fenced.search(/[[{]/);
  const end = Math.max(fenced.lastIndexOf(']'), fenced.lastIndexOf('}'));
  if (start < 0 || end < start) throw new Error('no JSON');
  return JSON.parse(fenced.slice(start, end + 1)) as unknown;
}

const textField = (item: Record<string, unknown>, ...names: string[]) => {
  for (const name of names) {
    const value = item[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
};

/**
 * The sub-questions in the chat model's answer, each for a connected tool. Throws a message saying
 * what was wrong (no JSON, wrong shape, a tool that is not connected, too many) and quoting the answer.
 */
export function parseSubQuestions(answer: string, toolNames: ReadonlySet<string>): SubQuestion[] {
  const unreadable = (why: string) =>
    new Error(`the chat model's sub-questions could not be used (${why}); it answered: "${excerpt(answer)}"`);
  let parsed: unknown;
  try {
    parsed = jsonOf(answer);
  } catch {
    throw unreadable('expected a JSON list of {"subQuestion", "toolName"}');
  }
  const items = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw unreadable('expected a JSON list of {"subQuestion", "toolName"}');
  if (items.length > MAX_SUB_QUESTIONS)
    throw unreadable(`${items.length} sub-questions, at most ${MAX_SUB_QUESTIONS} are asked`);
  return items.map((item: unknown, index) => {
    const fields = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const subQuestion = textField(fields, 'subQuestion', 'sub_question');
    const toolName = textField(fields, 'toolName', 'tool_name');
    if (!subQuestion || !toolName)
      throw unreadable(`item ${index + 1} needs a "subQuestion" and a "toolName"`);
    if (subQuestion.length > MAX_SUB_QUESTION_LENGTH)
      throw unreadable(`sub-question ${index + 1} is longer than ${MAX_SUB_QUESTION_LENGTH} characters`);
    if (!toolNames.has(toolName))
      throw new Error(
        `the chat model sent the sub-question "${excerpt(subQuestion)}" to the tool "${excerpt(toolName)}", which is not connected (connected tools: ${[...toolNames].join(', ')})`,
      );
    return { subQuestion, toolName };
  });
}
