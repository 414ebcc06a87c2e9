import { screenMessages } from '@roomscale/shared';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { showFieldErrors } from '../api/errors.ts';
import { showError, showSuccess } from './dialogs.tsx';
import { type UnsavedTexts, useUnsavedChangesGuard } from './EditScreen.tsx';

/**
 * The form of an edit screen for one stored record: its fields start from the record, leaving
 * with unsaved changes asks first, and Save sends the validated values. A saved record becomes
 * the form's new starting point with 'Data saved'; a refusal keeps everything typed, puts the
 * server's per-field reasons under their fields and says why in a dialog.
 */
export function useEditForm<F extends FieldValues, O, S>({
  resolver,
  record,
  toForm,
  save,
  savedTitle,
  onSaved,
  failureText,
  texts,
  leaving = () => false,
}: {
  resolver: Resolver<F, unknown, O>;
  /** The record as the server has it. */
  record: S;
  /** The form's values for a record. */
  toForm: (record: S) => F;
  save: (values: O) => Promise<S>;
  /** The title of the 'Data saved' message. */
  savedTitle: string;
  /** What else a saved record changes on the screen. */
  onSaved?: (saved: S) => void;
  /** The dialog's text for a refused save. */
  failureText: (error: unknown) => string;
  texts: UnsavedTexts;
  /** True while the screen goes away on purpose (a deletion): the guard does not ask then. */
  leaving?: () => boolean;
}) {
  const form = useForm<F, unknown, O>({
    resolver,
    mode: 'onChange',
    // react-hook-form types its defaults as a deep partial of the same values.
    defaultValues: toForm(record) as DefaultValues<F>,
  });
  const { formState, reset, setError } = form;
  const saving = formState.isSubmitting;

  // Save navigates nowhere, so it never meets the guard; a deletion says so through `leaving`.
  useUnsavedChangesGuard(() => formState.isDirty && !saving && !leaving(), texts);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      onSaved?.(saved);
      reset(toForm(saved));
      void showSuccess(savedTitle, screenMessages.dataSaved);
    } catch (e) {
      const fields = toForm(record);
      showFieldErrors(e, setError, (field) => (field in fields ? (field as Path<F>) : undefined));
      await showError(failureText(e));
    }
  });

  /** What the screen's SaveButtons show: Save while valid changes wait, Reset to the record. */
  const buttons = {
    dirty: formState.isDirty,
    valid: formState.isValid,
    saving,
    onReset: () => reset(),
  };
  return { form, submit, buttons };
}
