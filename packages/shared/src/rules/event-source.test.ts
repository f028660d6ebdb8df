import { describe, expect, it } from 'vitest';
import { createEventSourceParser } from './event-source.js';

describe('createEventSourceParser', () => {
  const parse = (...pieces: string[]) => {
    const events: string[] = [];
    const parser = createEventSourceParser((data) => events.push(data));
    for (const piece of pieces) parser.push(piece);
    parser.end();
    return events;
  };

  it('gives each event’s data, whatever the line endings and however the text is cut', () => {
    expect(parse('data: one\n\ndata: two\r\n\r\ndata: three\r\r')).toEqual(['one', 'two', 'three']);
    expect(parse('da', 'ta: o', 'ne\r', '\n\r', '\ndata:two\n', '\n')).toEqual(['one', 'two']);
  });

  it('joins multi-line data, skips comments and other fields, and keeps an unterminated last event', () => {
    expect(parse(': ping\n\nevent: x\nid: 1\ndata: a\ndata: b\n\ndata: last')).toEqual(['a\nb', 'last']);
  });
});
