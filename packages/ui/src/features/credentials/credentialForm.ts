import type { NodeParam } from '@flowloom/shared';
import type { CredentialValues } from './credentialsApi';

/** Starting values of a credential form: stored values (secrets arrive redacted), else defaults. */
export function initialCredentialValues(
  inputs: readonly NodeParam[],
  stored?: Record<string, unknown>,
): CredentialValues {
  const values: CredentialValues = {};
  for (const input of inputs) {
    const current = stored?.[input.name];
    if (typeof current === 'string' || typeof current === 'number' || typeof current === 'boolean') {
      values[input.name] = current;
    } else if (input.default !== undefined && input.default !== null && typeof input.default !== 'object') {
      values[input.name] = input.default as string | number | boolean;
    } else {
      values[input.name] = input.type === 'boolean' ? false : '';
    }
  }
  return values;
}

/** Required-field and number checks; keyed by input name. */
export function validateCredential(
  name: string,
  inputs: readonly NodeParam[],
  values: CredentialValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!name.trim()) errors.name = 'Credential name is required';
  for (const input of inputs) {
    const value = values[input.name];
    if (
      !input.optional &&
      input.type !== 'boolean' &&
      (value === '' || value === null || value === undefined)
    ) {
      errors[input.name] = `${input.label} is required`;
    } else if (input.type === 'number' && value !== '' && value !== null && Number.isNaN(Number(value))) {
      errors[input.name] = `${input.label} must be a number`;
    }
  }
  return errors;
}

/** The values to send: numbers as numbers, empty optional fields left out. */
export function credentialPayload(inputs: readonly NodeParam[], values: CredentialValues): CredentialValues {
  const payload: CredentialValues = {};
  for (const input of inputs) {
    const value = values[input.name];
    if (value === '' || value === undefined || value === null) continue;
    payload[input.name] = input.type === 'number' && typeof value === 'string' ? Number(value) : value;
  }
  return payload;
}
