import { describe, expect, it } from 'vitest';
import { dhakaInstant, windowOn, windowProblem, windowsFor, weeklyHoursSchema, type WeeklyHours } from './booking-flow';

/** Asia/Dhaka is UTC+6: 23:59 in Dhaka on the 24th is 17:59 UTC on the 24th. */
describe('time windows in Asia/Dhaka', () => {
  it('puts a wall-clock time of Dhaka at the right instant, across midnight UTC', () => {
    expect(dhakaInstant('2026-11-25', '09:00').toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(dhakaInstant('2026-11-25', '05:30').toISOString()).toBe('2026-11-24T23:30:00.000Z');
  });

  it('offers tomorrow morning a minute before midnight in Dhaka, and not today’s evening after it', () => {
    const beforeMidnight = new Date('2026-11-24T17:59:00Z'); // 23:59 on the 24th in Dhaka
    expect(windowProblem('2026-11-25', 'morning', null, beforeMidnight)).toBeNull();
    expect(windowProblem('2026-11-24', 'evening', null, beforeMidnight)).toBe('past');
    const afterMidnight = new Date('2026-11-24T18:30:00Z'); // 00:30 on the 25th in Dhaka
    expect(windowProblem('2026-11-24', 'evening', null, afterMidnight)).toBe('past');
    expect(windowsFor('2026-11-25', null, afterMidnight).map((w) => w.name)).toEqual([
      'morning',
      'afternoon',
      'evening',
    ]);
  });

  it('asks for the minimum notice: 07:30 is too soon for 09:00, 06:59 is not', () => {
    expect(windowProblem('2026-11-25', 'morning', null, new Date('2026-11-25T01:30:00Z'))).toBe('too-soon');
    expect(windowProblem('2026-11-25', 'morning', null, new Date('2026-11-25T00:59:00Z'))).toBeNull();
  });

  it('cuts the windows to the provider’s hours of that weekday, and drops what is left under an hour', () => {
    // 2026-11-24 is a Tuesday (2).
    const hours: WeeklyHours = [{ day: 2, from: '10:00', to: '16:30' }];
    expect(windowOn('2026-11-24', 'morning', hours)).toMatchObject({ from: '10:00', to: '12:00' });
    expect(windowOn('2026-11-24', 'afternoon', hours)).toMatchObject({ from: '12:00', to: '16:00' });
    expect(windowOn('2026-11-24', 'evening', hours)).toBeNull(); // 16:00-16:30 is under an hour
    expect(windowOn('2026-11-25', 'morning', hours)).toBeNull(); // no hours on Wednesday
    expect(windowProblem('2026-11-25', 'morning', hours, new Date('2026-11-20T00:00:00Z'))).toBe('outside');
  });

  it('accepts weekly hours only with from before to and each day once', () => {
    expect(weeklyHoursSchema.safeParse([{ day: 0, from: '09:00', to: '18:00' }]).success).toBe(true);
    expect(weeklyHoursSchema.safeParse([{ day: 0, from: '18:00', to: '09:00' }]).success).toBe(false);
    expect(
      weeklyHoursSchema.safeParse([
        { day: 1, from: '09:00', to: '12:00' },
        { day: 1, from: '13:00', to: '18:00' },
      ]).success,
    ).toBe(false);
    expect(weeklyHoursSchema.safeParse([{ day: 7, from: '09:00', to: '18:00' }]).success).toBe(false);
    expect(weeklyHoursSchema.safeParse([{ day: 1, from: '9:00', to: '18:00' }]).success).toBe(false);
  });
});
