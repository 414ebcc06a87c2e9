import { tokenError, tokenRequest, tokenResponse } from '../index.ts';
import { endpoint } from './define.ts';

export const authApi = {
  token: endpoint(
    'POST',
    '/api/connect/token',
    {
      tags: ['Auth'],
      summary: 'OAuth2 token endpoint: password and refresh_token grants',
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: tokenRequest,
      response: { 200: tokenResponse, 400: tokenError, 429: tokenError },
    },
    'form',
  ),
};
