import { describe, expect, it } from 'vitest';
import { insertVariable, openTrigger, variableToken } from './variableText';

describe('writing variables into a field', () => {
  it('writes {{ X }} in plain text and a mention span in rich text', () => {
    expect(variableToken('question', false)).toBe('{{ question }}');
    expect(variableToken('llmAgentflow_0', true)).toBe(
      '<span class="variable" data-type="mention" data-id="llmAgentflow_0">{{ llmAgentflow_0 }}</span>',
    );
  });

  it('finds the {{ being typed before the caret, and not a closed one', () => {
    expect(openTrigger('Hello {{que', 11)).toEqual({ start: 6, query: 'que' });
    expect(openTrigger('Hello {{ ', 9)).toEqual({ start: 6, query: '' });
    expect(openTrigger('Hello {{ question }} and', 24)).toBeNull();
    expect(openTrigger('{{a\nb', 5)).toBeNull();
    expect(openTrigger('no braces', 9)).toBeNull();
    // Only the text before the caret counts.
    expect(openTrigger('{{ques}}', 6)).toEqual({ start: 0, query: 'ques' });
  });

  it('replaces the typed {{… with the variable and puts the caret after it', () => {
    expect(insertVariable('Hello {{que', 6, 11, 'question')).toEqual({
      text: 'Hello {{ question }}',
      caret: 20,
    });
    // A closing }} already there is not doubled.
    expect(insertVariable('A {{q}} B', 2, 5, 'question').text).toBe('A {{ question }} B');
  });

  it('inserts at the caret or over the selection', () => {
    expect(insertVariable('Say  now', 4, 4, '$flow.state.topic')).toEqual({
      text: 'Say {{ $flow.state.topic }} now',
      caret: 27,
    });
    expect(insertVariable('Say X now', 4, 5, 'question').text).toBe('Say {{ question }} now');
  });

  it('writes a literal as it is where the option gives one (a sequential state path)', () => {
    expect(
      insertVariable(
        '{"last": "{{"}',
        10,
        12,
        '$flow.state.messages[-1].content',
        '$flow.state.messages[-1].content',
      ),
    ).toEqual({ text: '{"last": "$flow.state.messages[-1].content"}', caret: 42 });
  });

  it('inserts a mention span into rich text so the executor reads it the same way', () => {
    const html = '<p>Translate: </p>';
    const inside =
      '<p>Translate: <span class="variable" data-type="mention" data-id="question">{{ question }}</span></p>';
    expect(insertVariable(html, 14, 14, 'question').text).toBe(inside);
    // Added at the end, it goes into the last paragraph.
    expect(insertVariable(html, html.length, html.length, 'question').text).toBe(inside);
  });
});
