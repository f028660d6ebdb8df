import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@flowloom/shared';
import { findNewKey } from './apiKeysApi';

const key = (id: string, keyName: string, apiKey: string) => ({ id, keyName, apiKey }) as ApiKey;

describe('findNewKey', () => {
  it('finds the key that was not listed before the create', () => {
    const before = [key('1', 'CI', 'abcd…wxyz')];
    const after = [key('2', 'Deploy', 'full-secret-value'), key('1', 'CI', 'abcd…wxyz')];
    expect(findNewKey(before, after, 'Deploy')?.apiKey).toBe('full-secret-value');
    expect(findNewKey(after, after, 'Deploy')).toBeUndefined();
  });
});
