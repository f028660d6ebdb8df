import { describe, expect, it } from 'vitest';
import { REDACTED_SECRET, type NodeParam } from '@flowloom/shared';
import { credentialPayload, initialCredentialValues, validateCredential } from './credentialForm';

const inputs: NodeParam[] = [
  { label: 'Api Key', name: 'apiKey', type: 'password' },
  { label: 'Base Path', name: 'basePath', type: 'string', optional: true },
  { label: 'Timeout', name: 'timeout', type: 'number', optional: true, default: 30 },
  { label: 'Strict', name: 'strict', type: 'boolean', optional: true },
];

describe('credential form', () => {
  it('fills stored values (secrets arrive redacted) and defaults', () => {
    expect(initialCredentialValues(inputs, { apiKey: REDACTED_SECRET })).toEqual({
      apiKey: REDACTED_SECRET,
      basePath: '',
      timeout: 30,
      strict: false,
    });
  });

  it('sends the redacted placeholder back unchanged so the stored secret is kept', () => {
    const values = initialCredentialValues(inputs, { apiKey: REDACTED_SECRET, basePath: 'https://x.test' });
    expect(credentialPayload(inputs, values)).toEqual({
      apiKey: REDACTED_SECRET,
      basePath: 'https://x.test',
      timeout: 30,
      strict: false,
    });
  });

  it('converts numbers and leaves empty optional fields out', () => {
    expect(credentialPayload(inputs, { apiKey: 'sk', basePath: '', timeout: '12', strict: true })).toEqual({
      apiKey: 'sk',
      timeout: 12,
      strict: true,
    });
  });

  it('requires the name and non-optional fields, and numbers to be numbers', () => {
    expect(validateCredential('', inputs, { apiKey: '', timeout: 'abc' })).toEqual({
      name: 'Credential name is required',
      apiKey: 'Api Key is required',
      timeout: 'Timeout must be a number',
    });
    expect(validateCredential('Prod', inputs, { apiKey: 'sk', timeout: 5 })).toEqual({});
  });
});
