import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { publicTexts } from '@roomscale/shared';
import { forwardRef } from 'react';

/**
 * A password field. The show/hide button gets a name that does not repeat the field's label, so
 * the label names exactly one control.
 */
export const SecretInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function SecretInput(props, ref) {
    return (
      <PasswordInput
        ref={ref}
        visibilityToggleButtonProps={{ 'aria-label': publicTexts.labels.toggleSecret }}
        {...props}
      />
    );
  },
);
