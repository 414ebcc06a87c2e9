import { clientConfig, downloadRecord, tutorialList } from '../index.ts';
import { noContent, bearer as security } from './common.ts';
import { endpoint } from './define.ts';

export const contentApi = {
  config: endpoint('GET', '/api/Config', {
    tags: ['Content'],
    summary: 'Client configuration: product links and content URLs',
    response: { 200: clientConfig },
  }),

  tutorials: endpoint('GET', '/api/Content/tutorials', {
    tags: ['Content'],
    summary: 'The bundled tutorials list (all device types; clients filter)',
    response: { 200: tutorialList },
  }),

  recordDownload: endpoint('POST', '/api/Content/Downloads', {
    tags: ['Content'],
    security,
    summary: 'Count a download started from the Download page (once per user, platform and hour)',
    body: downloadRecord,
    response: noContent,
  }),
};
