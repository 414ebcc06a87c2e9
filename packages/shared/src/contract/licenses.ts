import {
  id,
  manualLicense,
  manualLicenseCreate,
  manualLicenseDeleteQuery,
  manualLicenseEdit,
} from '../index.ts';
import { z } from '../zodErrors.ts';
import { noContent, bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Admin: licenses'];
const params = z.object({ licenseId: id });

/** Manual licenses super admins award teams (part1 §7 Admin). */
export const licensesApi = {
  create: endpoint('PUT', '/api/Admin/ManualLicenses', {
    tags,
    security,
    summary:
      "Award a team a manual license; with sendEmailNow and current, the team's admins are told",
    body: manualLicenseCreate,
    response: { 200: manualLicense },
  }),

  edit: endpoint('PATCH', '/api/Admin/ManualLicenses/:licenseId', {
    tags,
    security,
    summary:
      'Edit a manual license; if the team then holds fewer licenses than in use, the latest given go back to Trial',
    params,
    body: manualLicenseEdit,
    response: { 200: manualLicense },
  }),

  remove: endpoint('DELETE', '/api/Admin/ManualLicenses/:licenseId', {
    tags,
    security,
    summary: 'Delete a manual license (licenses no longer covered go back to Trial)',
    params,
    querystring: manualLicenseDeleteQuery,
    response: noContent,
  }),
};
