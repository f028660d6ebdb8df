import { useCallback, useState } from 'react';

/**
 * The messages of a form's fields, keyed by field (as {@link fieldErrors} gives them). A field's
 * message (and those under it, such as `schema.2.property`) goes once the field is edited; the
 * next submit checks everything again.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edited = useCallback((field: string) => {
    setErrors((current) => {
      const kept = Object.entries(current).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);
  return { errors, setErrors, edited };
}
