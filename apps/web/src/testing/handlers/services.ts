import { PAGE_SIZE_DEFAULT, type Service, type ServiceList } from '@meramot/shared';
import { http, HttpResponse } from 'msw';
import { apiState } from '../api-state';

const fields = (s: Service) =>
  [s.serviceName, s.serviceDescription, s.providerName, s.serviceArea].join(' ').toLowerCase();

/**
 * /api/services: the list (a stand-in for the server's search: every word of `search` in one of the
 * fields, in `apiState.services` order, `query.terms` the typed words), one service, a provider's
 * own services. Tests that need the server's ranking, synonyms or corrections answer themselves.
 */
export const serviceHandlers = [
  http.get('/api/services', ({ request }) => {
    const url = new URL(request.url);
    const search = url.searchParams.get('search')?.trim().toLowerCase() ?? '';
    const words = search.split(/\s+/).filter(Boolean);
    const limit = Number(url.searchParams.get('limit') ?? PAGE_SIZE_DEFAULT);
    const page = Number(url.searchParams.get('page') ?? 1);
    const matches = apiState.services.filter((s) => s.status === 'active' && words.every((w) => fields(s).includes(w)));
    const body: ServiceList = {
      services: matches.slice((page - 1) * limit, page * limit),
      total: matches.length,
      totalCapped: false,
      page,
      limit,
      query: words.length ? { corrected: null, terms: words, place: null } : null,
    };
    return HttpResponse.json(body);
  }),
  http.get('/api/services/provider/:email', ({ params }) =>
    HttpResponse.json(apiState.services.filter((s) => s.providerEmail === params.email)),
  ),
  http.get('/api/services/:id', ({ params }) => {
    const service = apiState.services.find((s) => s._id === params.id);
    return service ? HttpResponse.json(service) : HttpResponse.json({ error: 'Service not found' }, { status: 404 });
  }),
];
