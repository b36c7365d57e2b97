import { PAGE_SIZE_DEFAULT, type PublicReview, type Service } from '@meramot/shared';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { apiState } from '../api-state';

const notFound = () => HttpResponse.json({ error: 'Provider not found' }, { status: 404 });
const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

/** A page of `items` as the server answers a provider's list: the array, the total in X-Total-Count. */
function page<T>(request: Request, items: T[]) {
  const url = new URL(request.url);
  const limit = Number(url.searchParams.get('limit') ?? PAGE_SIZE_DEFAULT);
  const number = Number(url.searchParams.get('page') ?? 1);
  return HttpResponse.json(items.slice((number - 1) * limit, number * limit) as JsonBodyType, {
    headers: { 'X-Total-Count': String(items.length) },
  });
}

const servicesOf = (id: string): Service[] => apiState.services.filter((s) => s.providerId === id);

/** /api/providers: a provider's public profile, their active services and their reviews, paged. */
export const providerHandlers = [
  http.get('/api/providers/:id', ({ params }) => {
    const provider = apiState.providers.find((p) => p.id === params.id);
    return provider ? HttpResponse.json(provider) : notFound();
  }),
  http.get('/api/providers/:id/services', ({ params, request }) => {
    if (!apiState.providers.some((p) => p.id === params.id)) return notFound();
    const active = servicesOf(String(params.id)).filter((s) => s.status === 'active');
    return page(request, active.sort(newestFirst));
  }),
  http.get('/api/providers/:id/reviews', ({ params, request }) => {
    if (!apiState.providers.some((p) => p.id === params.id)) return notFound();
    const ids = new Set(servicesOf(String(params.id)).map((s) => s._id));
    const reviews: PublicReview[] = apiState.reviews
      .filter((r) => ids.has(r.serviceId))
      .map(({ customerEmail: _c, providerEmail: _p, ...review }) => review);
    return page(request, reviews.sort(newestFirst));
  }),
];
