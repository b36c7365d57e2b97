import { http, HttpResponse } from 'msw';
import { authHandlers } from './auth';
import { bookingHandlers } from './bookings';
import { conversationHandlers } from './conversations';
import { notificationHandlers } from './notifications';
import { photoHandlers } from './photos';
import { placeHandlers } from './places';
import { providerHandlers } from './providers';
import { reviewHandlers } from './reviews';
import { serviceHandlers } from './services';

/** The mock API of the component tests: one set of handlers per resource, then 404 for the rest. */
export const handlers = [
  ...authHandlers,
  ...bookingHandlers,
  ...conversationHandlers,
  ...notificationHandlers,
  ...photoHandlers,
  ...placeHandlers,
  ...providerHandlers,
  ...reviewHandlers,
  ...serviceHandlers,
  http.all('/api/*', () => HttpResponse.json({ error: 'Not found' }, { status: 404 })),
];
