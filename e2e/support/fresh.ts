import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { createEmulatorAccount, emulatorIdToken } from './emulator-admin';
import { BASE_URL } from './env';

/** A brand-new account (Auth Emulator + Meramot user), so journeys can change data without touching the demo data. */
export interface FreshAccount {
  email: string;
  password: string;
  name: string;
  /** Meramot's session token (POST /api/auth/firebase-login). */
  token: string;
}

export async function freshAccount(request: APIRequestContext, label: string, name: string): Promise<FreshAccount> {
  const email = uniqueEmail(label);
  const password = 'E2ePass123';
  await createEmulatorAccount(email, password, name);
  const idToken = await emulatorIdToken(email, password);
  const res = await request.post(`${BASE_URL}/api/auth/firebase-login`, { data: { idToken } });
  expect(res.ok(), `firebase-login for ${email}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const { token } = (await res.json()) as { token: string };
  return { email, password, name, token };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /api/services as `owner`; answers the new service's id. */
export async function createServiceViaApi(
  request: APIRequestContext,
  owner: FreshAccount,
  fields: { serviceName: string; servicePrice?: number; serviceArea?: string; serviceDescription?: string },
): Promise<string> {
  const res = await request.post(`${BASE_URL}/api/services`, {
    headers: auth(owner.token),
    data: {
      serviceName: fields.serviceName,
      serviceDescription: fields.serviceDescription ?? 'A careful repair done by the e2e suite, with warranty.',
      servicePrice: fields.servicePrice ?? 500,
      serviceArea: fields.serviceArea ?? 'Dhaka',
      serviceImage: 'https://example.com/e2e-service.jpg',
      providerName: owner.name,
    },
  });
  expect(res.ok(), `POST /api/services: ${res.status()} ${await res.text()}`).toBeTruthy();
  const body = (await res.json()) as { _id?: string; insertedId?: string; service?: { _id: string } };
  const id = body._id ?? body.insertedId ?? body.service?._id;
  expect(id, `new service id in ${JSON.stringify(body)}`).toBeTruthy();
  return id!;
}

/** POST /api/bookings as `customer`; answers the new booking's id. */
export async function createBookingViaApi(
  request: APIRequestContext,
  customer: FreshAccount,
  serviceId: string,
  serviceTakingDate: string,
  specialInstruction = '',
): Promise<string> {
  const res = await request.post(`${BASE_URL}/api/bookings`, {
    headers: auth(customer.token),
    data: { serviceId, serviceTakingDate, specialInstruction },
  });
  expect(res.ok(), `POST /api/bookings: ${res.status()} ${await res.text()}`).toBeTruthy();
  const body = (await res.json()) as { _id?: string; insertedId?: string; booking?: { _id: string } };
  const id = body._id ?? body.insertedId ?? body.booking?._id;
  expect(id, `new booking id in ${JSON.stringify(body)}`).toBeTruthy();
  return id!;
}

/** yyyy-mm-dd of today plus `days`, in Asia/Dhaka. */
export function dhakaDate(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
