import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from './env';

export interface ApiService {
  _id: string;
  serviceName: string;
  serviceDescription: string;
  servicePrice: number;
  serviceArea: string;
  providerName: string;
  providerEmail: string;
}

export interface ServicePage {
  services: ApiService[];
  total: number;
  totalCapped: boolean;
  page: number;
  limit: number;
  /** How a search was understood (null without one): the matched terms, the corrected text. */
  query: { corrected: string | null; terms: string[] } | null;
}

/** GET /api/services with the list screen's query parameters (the truth the screens must show). */
export async function listServices(
  request: APIRequestContext,
  query: Record<string, string | number> = {},
): Promise<ServicePage> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await request.get(`${BASE_URL}/api/services?${params}`);
  if (!res.ok()) throw new Error(`GET /api/services?${params}: ${res.status()}`);
  return (await res.json()) as ServicePage;
}

/** Every active service (walks the pages). */
export async function allServices(request: APIRequestContext): Promise<ApiService[]> {
  const out: ApiService[] = [];
  for (let page = 1; ; page++) {
    const answer = await listServices(request, { page, limit: 100, sort: 'name' });
    out.push(...answer.services);
    if (out.length >= answer.total || answer.services.length === 0) return out;
  }
}

/** A service of another provider than `email` (the customer can book it). */
export async function serviceNotOwnedBy(request: APIRequestContext, email: string): Promise<ApiService> {
  const found = (await allServices(request)).find((s) => s.providerEmail.toLowerCase() !== email.toLowerCase());
  if (!found) throw new Error(`No service of a provider other than ${email}`);
  return found;
}

/** A service whose provider is `email`. */
export async function serviceOwnedBy(request: APIRequestContext, email: string): Promise<ApiService> {
  const found = (await allServices(request)).find((s) => s.providerEmail.toLowerCase() === email.toLowerCase());
  if (!found) throw new Error(`No active service of ${email}`);
  return found;
}
