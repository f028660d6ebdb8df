import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFieldErrors } from './useFieldErrors';

describe('useFieldErrors', () => {
  it('drops an edited field’s message and those under it, keeping the others', () => {
    const { result } = renderHook(() => useFieldErrors());
    act(() =>
      result.current.setErrors({
        name: 'name is required',
        'schema.0.property': 'Each argument needs a property name',
        schemaNote: 'kept',
      }),
    );
    act(() => result.current.edited('schema'));
    expect(result.current.errors).toEqual({ name: 'name is required', schemaNote: 'kept' });
    const before = result.current.errors;
    act(() => result.current.edited('description'));
    expect(result.current.errors).toBe(before);
  });
});
