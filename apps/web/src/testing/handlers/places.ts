import { http, HttpResponse } from 'msw';
import { PLACES } from '../fixtures';

/** GET /api/places: the places fixture (a test of its loading or failure answers itself). */
export const placeHandlers = [http.get('/api/places', () => HttpResponse.json(PLACES))];
