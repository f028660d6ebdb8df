import { useCallback, useState, type ChangeEvent, type ReactNode } from 'react';

/**
 * The messages of a form's fields, keyed by field (as {@link fieldErrors} gives them). A field's
 * message (and those under it, such as `schema.2.property`) goes once the field is edited; the
 * next submit checks everything again. `bind` wires a text field to its value and message.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edited = useCallback((field: string) => {
    setErrors((current) => {
      const kept = Object.entries(current).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);
  const bind = useCallback(
    (field: string, value: string, set: (value: string) => void, help?: ReactNode) => ({
      value,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        set(event.target.value);
        edited(field);
      },
      error: Boolean(errors[field]),
      helperText: errors[field] ?? help,
    }),
    [errors, edited],
  );
  return { errors, setErrors, edited, bind };
}
