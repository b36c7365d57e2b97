import type { HttpHandler } from 'msw';

/** The mock notifications API (features/notifications). */
export const notificationHandlers: HttpHandler[] = [];
