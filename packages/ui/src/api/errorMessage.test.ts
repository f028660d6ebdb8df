import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './errorMessage';

describe('errorMessage', () => {
  it('uses a string message', () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage({ message: 'Not found' })).toBe('Not found');
    expect(errorMessage('plain text')).toBe('plain text');
  });

  it('serializes a value without a string message', () => {
    expect(errorMessage({ code: 42 })).toBe('{"code":42}');
    expect(errorMessage({ message: { detail: 'x' } })).toBe('{"detail":"x"}');
    expect(errorMessage(17)).toBe('17');
  });

  it('uses the fallback only when there is nothing to say', () => {
    expect(errorMessage(new ApiError(500, '', undefined), 'Internal Server Error')).toBe(
      'Internal Server Error',
    );
    expect(errorMessage(undefined, 'Invalid Imported File')).toBe('Invalid Imported File');
    expect(errorMessage(new ApiError(400, 'bad', {}), 'fallback')).toBe('bad');
  });
});
