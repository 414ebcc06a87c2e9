import { invalidInteger, paramMissing } from './errors.ts';
import { type Form, type FormValue, list, obj } from './form.ts';

/**
 * Stripe's checks of a request's parameters before it does anything: a required parameter not
 * given is `parameter_missing` (`Missing required param: items[0][price].`), an integer that is
 * not one is `parameter_invalid_integer` (`Invalid integer: abc`), each naming the parameter as
 * Stripe's form encoding writes it. Paths step into lists with `[]`: `items[].quantity` is every
 * item's quantity.
 */
export type ParamRules = { required?: string[]; integers?: string[] };

type Found = { param: string; value: FormValue | undefined };

/** The values at `path` in the form, each with the parameter's name (`items[0][quantity]`). */
function valuesAt(form: Form, path: string): Found[] {
  const [head = '', ...rest] = path.split('.');
  let found: Found[] = [];
  const each = head.endsWith('[]');
  const name = each ? head.slice(0, -2) : head;
  const root = form[name];
  if (each) found = list(root).map((value, i) => ({ param: `${name}[${i}]`, value }));
  else found = [{ param: name, value: root }];
  for (const segment of rest) {
    const many = segment.endsWith('[]');
    const key = many ? segment.slice(0, -2) : segment;
    found = found.flatMap(({ param, value }) => {
      const inner = obj(value)[key];
      const at = `${param}[${key}]`;
      return many
        ? list(inner).map((v, i) => ({ param: `${at}[${i}]`, value: v }))
        : [{ param: at, value: inner }];
    });
  }
  return found;
}

/** Throws Stripe's parameter error for the first rule the form breaks. */
export function checkParams(form: Form, rules: ParamRules) {
  for (const path of rules.required ?? []) {
    const parent = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : null;
    // A required field of list items is required of each item there is.
    if (parent?.endsWith('[]') && valuesAt(form, parent).length === 0) continue;
    for (const { param, value } of valuesAt(form, path))
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
        throw paramMissing(param);
  }
  for (const path of rules.integers ?? [])
    for (const { param, value } of valuesAt(form, path))
      if (value !== undefined && !(typeof value === 'string' && /^-?\d+$/.test(value)))
        throw invalidInteger(param, typeof value === 'string' ? value : JSON.stringify(value));
}
