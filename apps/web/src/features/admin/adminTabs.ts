import { adminTexts } from '@roomscale/shared';
import { IconBuilding, IconHistory, IconTemplate, IconUsers } from '@tabler/icons-react';

/** The tabs of the admin ribbon (part1 §2), and the audit log (docs/audit.md). */
export const adminTabs = [
  { label: adminTexts.tabs.users, to: '/admin/users', icon: IconUsers },
  { label: adminTexts.tabs.teams, to: '/admin/organizations', icon: IconBuilding },
  { label: adminTexts.tabs.roomTemplates, to: '/admin/roomtemplates', icon: IconTemplate },
  { label: adminTexts.tabs.auditLog, to: '/admin/auditlog', icon: IconHistory },
];
