import { fieldMessages } from '../messages.ts';
import { seatLimits } from '../seatsGuests.ts';
import { z } from '../zodErrors.ts';
import { isoDate } from './common.ts';

const requiredText = (max: number) =>
  z
    .string(fieldMessages.required)
    .trim()
    .min(1, fieldMessages.required)
    .max(max, fieldMessages.maxLength(max));

/** PUT /api/Users/Me/Seat and PUT /api/Guests/Seats: a device checks its seat. */
export const seatCheck = z.object({
  seatKey: requiredText(seatLimits.seatKeyMax),
  deviceName: requiredText(seatLimits.deviceNameMax),
});
export type SeatCheck = z.input<typeof seatCheck>;

/**
 * Seat/device status (part1 §3). The `last…InUse` fields name the device holding the seat;
 * `isConflicted` is true when that is another device than the caller's. Durations in seconds.
 */
export const seatStatus = z.object({
  lastSeatKeyInUse: z.string().nullable(),
  lastDeviceNameInUse: z.string().nullable(),
  lastSeatAssignmentTime: isoDate.nullable(),
  isConflicted: z.boolean(),
  recommendedNextUpdateTime: isoDate,
  recommendedNextUpdateDuration: z.number().int(),
  requiredNextUpdateTime: isoDate,
  requiredNextUpdateDuration: z.number().int(),
});
export type SeatStatus = z.infer<typeof seatStatus>;
