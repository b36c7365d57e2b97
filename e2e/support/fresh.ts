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
  fields: {
    serviceName: string;
    servicePrice?: number;
    serviceArea?: string;
    serviceDescription?: string;
    /** Issue 20's booking terms (left out: every day 09:00–21:00, at the shop or the customer's place). */
    workLocation?: 'shop' | 'customer' | 'either';
    shopAddress?: string;
    jobMinutes?: number;
  },
): Promise<string> {
  const { workLocation, shopAddress, jobMinutes } = fields;
  const res = await request.post(`${BASE_URL}/api/services`, {
    headers: auth(owner.token),
    data: {
      serviceName: fields.serviceName,
      serviceDescription: fields.serviceDescription ?? 'A careful repair done by the e2e suite, with warranty.',
      servicePrice: fields.servicePrice ?? 500,
      serviceArea: fields.serviceArea ?? 'Dhaka',
      serviceImage: 'https://example.com/e2e-service.jpg',
      providerName: owner.name,
      ...(workLocation && { workLocation }),
      ...(shopAddress && { shopAddress }),
      ...(jobMinutes && { jobMinutes }),
    },
  });
  expect(res.ok(), `POST /api/services: ${res.status()} ${await res.text()}`).toBeTruthy();
  const body = (await res.json()) as { _id?: string; insertedId?: string; service?: { _id: string } };
  const id = body._id ?? body.insertedId ?? body.service?._id;
  expect(id, `new service id in ${JSON.stringify(body)}`).toBeTruthy();
  return id!;
}

/** Issue 20's optional booking fields: the time window, where the work happens, the customer's address and phone. */
export interface BookingPlace {
  window?: 'morning' | 'afternoon' | 'evening';
  location?: 'shop' | 'customer';
  address?: string;
  customerPhone?: string;
}

/** POST /api/bookings as `customer`; answers the new booking's id (it is `pending` until the provider accepts). */
export async function createBookingViaApi(
  request: APIRequestContext,
  customer: FreshAccount,
  serviceId: string,
  serviceTakingDate: string,
  specialInstruction = '',
  place: BookingPlace = {},
): Promise<string> {
  const res = await request.post(`${BASE_URL}/api/bookings`, {
    headers: auth(customer.token),
    data: { serviceId, serviceTakingDate, specialInstruction, ...place },
  });
  expect(res.ok(), `POST /api/bookings: ${res.status()} ${await res.text()}`).toBeTruthy();
  const body = (await res.json()) as { _id?: string; insertedId?: string; booking?: { _id: string } };
  const id = body._id ?? body.insertedId ?? body.booking?._id;
  expect(id, `new booking id in ${JSON.stringify(body)}`).toBeTruthy();
  return id!;
}

/** POST /api/bookings/{id}/accept as its provider (the phones and the address are shared from then on). */
export async function acceptBookingViaApi(
  request: APIRequestContext,
  provider: FreshAccount,
  bookingId: string,
): Promise<void> {
  const res = await request.post(`${BASE_URL}/api/bookings/${bookingId}/accept`, { headers: auth(provider.token) });
  expect(res.ok(), `POST /api/bookings/${bookingId}/accept: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** POST /api/bookings/{id}/decline as its provider, with the reason the customer reads. */
export async function declineBookingViaApi(
  request: APIRequestContext,
  provider: FreshAccount,
  bookingId: string,
  reason: string,
): Promise<void> {
  const res = await request.post(`${BASE_URL}/api/bookings/${bookingId}/decline`, {
    headers: auth(provider.token),
    data: { reason },
  });
  expect(res.ok(), `POST /api/bookings/${bookingId}/decline: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** PUT /api/users/me: saves `account`'s phone (the number a provider's customers call once a booking is accepted). */
export async function savePhoneViaApi(request: APIRequestContext, account: FreshAccount, phone: string): Promise<void> {
  const res = await request.put(`${BASE_URL}/api/users/me`, {
    headers: auth(account.token),
    data: { displayName: account.name, phone },
  });
  expect(res.ok(), `PUT /api/users/me: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** yyyy-mm-dd of today plus `days`, in Asia/Dhaka. */
export function dhakaDate(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dhaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
