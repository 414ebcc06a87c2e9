import { type SeatStatus, seatLimits } from '@roomscale/shared';

/** The device holding a seat, as stored. */
export type SeatHolder = {
  seatKey: string;
  deviceName: string;
  assignedAt: Date;
  lastSeenAt: Date;
};

const seconds = (n: number) => n * 1000;

/** A holder that missed its required update has given the seat up. */
export const hasLapsed = (holder: SeatHolder, now: Date) =>
  now.getTime() - holder.lastSeenAt.getTime() >= seconds(seatLimits.requiredUpdateSeconds);

/**
 * One device checks the seat (docs/seats.md). The seat goes to the caller's device when it is
 * free, already the caller's, or its holder lapsed; otherwise the holder keeps it and the call
 * is conflicted. `write` is the row to store, or null when nothing changes.
 */
export function checkSeat(
  holder: SeatHolder | undefined,
  device: { seatKey: string; deviceName: string },
  now: Date,
): { write: SeatHolder | null; holder: SeatHolder; conflicted: boolean } {
  if (holder && holder.seatKey !== device.seatKey && !hasLapsed(holder, now)) {
    return { write: null, holder, conflicted: true };
  }
  const same = holder?.seatKey === device.seatKey;
  const next: SeatHolder = {
    seatKey: device.seatKey,
    deviceName: device.deviceName,
    assignedAt: same ? holder!.assignedAt : now,
    lastSeenAt: now,
  };
  return { write: next, holder: next, conflicted: false };
}

/** Seat/device status of part1 §3 (durations in seconds). */
export function presentSeatStatus(
  holder: SeatHolder | undefined,
  conflicted: boolean,
  now: Date,
): SeatStatus {
  const required = holder
    ? new Date(holder.lastSeenAt.getTime() + seconds(seatLimits.requiredUpdateSeconds))
    : new Date(now.getTime() + seconds(seatLimits.requiredUpdateSeconds));
  return {
    lastSeatKeyInUse: holder?.seatKey ?? null,
    lastDeviceNameInUse: holder?.deviceName ?? null,
    lastSeatAssignmentTime: holder?.assignedAt.toISOString() ?? null,
    isConflicted: conflicted,
    recommendedNextUpdateTime: new Date(
      now.getTime() + seconds(seatLimits.recommendedUpdateSeconds),
    ).toISOString(),
    recommendedNextUpdateDuration: seatLimits.recommendedUpdateSeconds,
    requiredNextUpdateTime: required.toISOString(),
    requiredNextUpdateDuration: seatLimits.requiredUpdateSeconds,
  };
}
