import { adminTexts } from '@roomscale/shared';
import { IconTemplate } from '@tabler/icons-react';

/**
 * The tabs of the admin ribbon (part1 §2). Only screens that exist are listed; Users and Teams
 * join here when they are built.
 */
export const adminTabs = [
  { label: adminTexts.tabs.roomTemplates, to: '/admin/roomtemplates', icon: IconTemplate },
];

/** Where /admin leads while there is no overview screen. */
export const ADMIN_HOME = adminTabs[0]!.to;
