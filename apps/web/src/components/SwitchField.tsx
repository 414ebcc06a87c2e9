import { Switch, type SwitchProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A switch bound to a yes/no field of a react-hook-form form (the edit screens' flags): it
 * shows the field's value, writes the new one, marks the field touched on blur and shows its
 * error under it.
 */
export function SwitchField<F extends FieldValues, C, T extends FieldValues>({
  control,
  name,
  ...switchProps
}: { control: Control<F, C, T>; name: FieldPath<F> } & Omit<
  SwitchProps,
  'checked' | 'onChange' | 'onBlur' | 'name' | 'error'
>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Switch
          {...switchProps}
          name={field.name}
          ref={field.ref}
          checked={field.value ?? false}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
