import { adminTexts } from '@roomscale/shared';
import { IconBuilding, IconHistory, IconTemplate, IconUsers } from '@tabler/icons-react';
import { auditPath, teamsPath, templatesPath, usersPath } from './paths.ts';

/** The tabs of the admin ribbon (part1 §2), and the audit log (docs/audit.md). */
export const adminTabs = [
  { label: adminTexts.tabs.users, to: usersPath, icon: IconUsers },
  { label: adminTexts.tabs.teams, to: teamsPath, icon: IconBuilding },
  { label: adminTexts.tabs.roomTemplates, to: templatesPath, icon: IconTemplate },
  { label: adminTexts.tabs.auditLog, to: auditPath, icon: IconHistory },
];
