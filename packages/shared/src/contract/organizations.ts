import { id, organization, organizationEdit, organizationRegister } from '../index.ts';
import { z } from '../zodErrors.ts';
import { bearer as security } from './common.ts';
import { endpoint } from './define.ts';

const tags = ['Organizations'];

export const organizationsApi = {
  register: endpoint('PUT', '/api/Organizations/Register', {
    tags,
    security,
    summary: 'Create a team; the caller becomes its admin',
    body: organizationRegister,
    response: { 200: organization },
  }),

  get: endpoint('GET', '/api/Organizations/:organizationId', {
    tags,
    security,
    summary: 'One team of the caller',
    params: z.object({ organizationId: id }),
    response: { 200: organization },
  }),

  edit: endpoint('PATCH', '/api/Organizations/:organizationId', {
    tags,
    security,
    summary: 'Edit the team details: name, company name, industry (team admins)',
    params: z.object({ organizationId: id }),
    body: organizationEdit,
    response: { 200: organization },
  }),
};
