import { Checkbox, type CheckboxProps, Switch, type SwitchProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

type YesNoBinding<F extends FieldValues, C, T extends FieldValues> = {
  control: Control<F, C, T>;
  name: FieldPath<F>;
  /** Called with the new value once the field holds it (a field that sets another one). */
  onValueChange?: (on: boolean) => void;
};

/** What the binding gives the control: the control's own props of these are not taken. */
type Bound = 'checked' | 'onChange' | 'onBlur' | 'name' | 'error';

/**
 * A yes/no field of a react-hook-form form on a control: it shows the field's value, writes
 * the new one, marks the field touched on blur, is the field's focus on an error and shows
 * that error under it.
 */
function useYesNoField<F extends FieldValues, C, T extends FieldValues>({
  control,
  name,
  onValueChange,
}: YesNoBinding<F, C, T>) {
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    ref: field.ref,
    checked: field.value ?? false,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      field.onChange(e.currentTarget.checked);
      onValueChange?.(e.currentTarget.checked);
    },
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}

/** A switch bound to a yes/no field of a form (a setting the record keeps: the edit screens' flags). */
export function SwitchField<F extends FieldValues, C, T extends FieldValues>({
  control,
  name,
  onValueChange,
  ...switchProps
}: YesNoBinding<F, C, T> & Omit<SwitchProps, Bound>) {
  const bound = useYesNoField({ control, name, onValueChange });
  return <Switch {...switchProps} {...bound} />;
}

/**
 * A checkbox bound to a yes/no field of a form, as SwitchField: for an option of the one save
 * (send an email with it), where a switch would read as a setting kept.
 */
export function CheckboxField<F extends FieldValues, C, T extends FieldValues>({
  control,
  name,
  onValueChange,
  ...checkboxProps
}: YesNoBinding<F, C, T> & Omit<CheckboxProps, Bound>) {
  const bound = useYesNoField({ control, name, onValueChange });
  return <Checkbox {...checkboxProps} {...bound} />;
}
