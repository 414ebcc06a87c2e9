import { clientConfig, tutorialList } from '../index.ts';
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
};
