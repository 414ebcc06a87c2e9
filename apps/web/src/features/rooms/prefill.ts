/** The add-room form's fields a chosen template fills in (part2 §5). */
export type PrefillFields = { name: string; description: string };
export type EditedFields = { name: boolean; description: boolean };

/**
 * Selecting a template prefills name and description unless the user edited them. A field the
 * user emptied again counts as not edited, so the next template fills it.
 */
export function prefill(
  current: PrefillFields,
  edited: EditedFields,
  template: { name: string; description: string | null },
): PrefillFields {
  const keep = (field: keyof PrefillFields) => edited[field] && current[field].trim() !== '';
  return {
    name: keep('name') ? current.name : template.name,
    description: keep('description') ? current.description : (template.description ?? ''),
  };
}
