/** User-facing strings of this admin area's screens (filled in with the screens). */
export const adminUsersTexts = {} as const;
