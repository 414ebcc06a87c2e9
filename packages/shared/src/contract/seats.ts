import { seatCheck, seatStatus } from '../index.ts';
import { endpoint } from './define.ts';

export const seatsApi = {
  check: endpoint('PUT', '/api/Users/Me/Seat', {
    tags: ['Users'],
    security: [{ bearer: [] }],
    summary:
      "A VR device checks the caller's seat: takes it when free, or reports the device holding it",
    body: seatCheck,
    response: { 200: seatStatus },
  }),
};
