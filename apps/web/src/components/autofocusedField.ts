import type { FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';

/** Inputs the user has typed in (an element keeps its identity across renders). */
const typedIn = new WeakSet<object>();

/**
 * The registration of a field the page focuses by itself. Leaving it before typing anything
 * does not count as touching it: the user never chose that field, and a 'This field is
 * required' appearing on the way out pushes the page down under the pointer, so a click on a
 * link below (the terms, 'Forgot password?') would land on something else. Once the user has
 * typed in it (even if they cleared it again), or submits the form, it validates as every other
 * field does.
 */
export function autofocused<T extends FieldValues>(
  registration: UseFormRegisterReturn<Path<T>>,
): UseFormRegisterReturn<Path<T>> {
  return {
    ...registration,
    onChange: async (event) => {
      if (event.target) typedIn.add(event.target);
      return registration.onChange(event);
    },
    onBlur: async (event) => {
      const target = event.target as { value?: unknown } | null;
      const empty = !target || target.value === undefined || target.value === '';
      if (empty && !typedIn.has(target ?? {})) return;
      return registration.onBlur(event);
    },
  };
}
