import { describe, expect, it } from 'vitest';
import { areaIdSchema, districtIdSchema } from './place';
import { parseAreaId, parseDistrictId } from './place-ids';

// The address (All Services, without zod) and the API (zod) must take the same ids.
const inputs = [
  'dhaka',
  ' Dhaka ',
  'coxs-bazar',
  'COXS-BAZAR',
  'dhaka/mirpur',
  ' Dhaka/Mirpur-10 ',
  'chattogram/2no-gate',
  '1dhaka',
  '-dhaka',
  'dhaka/',
  '/mirpur',
  'dhaka/-mirpur',
  'dhaka/mirpur/10',
  'ঢাকা',
  'dhaka mirpur',
  '',
  '   ',
  'a'.repeat(40),
  'a'.repeat(41),
  `${'a'.repeat(39)}/${'b'.repeat(40)}`,
  `${'a'.repeat(40)}/${'b'.repeat(40)}`,
];

describe('parseDistrictId and parseAreaId', () => {
  it.each(inputs)('%j: as the API schemas take it', (input) => {
    const district = districtIdSchema.safeParse(input);
    expect(parseDistrictId(input)).toBe(district.success ? district.data : undefined);
    const area = areaIdSchema.safeParse(input);
    expect(parseAreaId(input)).toBe(area.success ? area.data : undefined);
  });

  it('normalizes what it takes', () => {
    expect(parseDistrictId(' Coxs-Bazar ')).toBe('coxs-bazar');
    expect(parseAreaId('DHAKA/Mirpur')).toBe('dhaka/mirpur');
    expect(parseDistrictId('dhaka/mirpur')).toBeUndefined();
    expect(parseAreaId('dhaka')).toBeUndefined();
  });
});
